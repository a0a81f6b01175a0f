"""Settings and the page's labels: the Settings dialog, the header's toggles (flip, numbers,
language), the Rules dialog, and the static labels written again when the language changes."""

from html import escape

import js
from pyscript import document

from dom import EMBED, absent, by_id
from forms import settings_form
from nardy_core.ui import text as T
from nardy_core.ui.languages import menu_html
from nardy_core.ui.prefs import SPEEDS
from nardy_core.variants.i18n import about, direction, game_name

LABELS = (
    ("btn-new", "new_game"),
    ("btn-share", "share"),
    ("btn-open", "open"),
    ("btn-edit", "edit"),
    ("btn-rules", "rules_title"),
    ("btn-settings", "settings"),
    ("btn-flip", "flip"),
    ("btn-numbers", "numbers"),
)

# the page's landmarks and its menu button, named for a screen reader in the page's language
ARIA_LABELS = (
    ("#btn-menu", "menu"),
    ("#menu", "game"),
    ("section.table", "board"),
    ("#controls", "actions"),
    ("#review", "review_title"),
)


class SettingsCtl:
    def __init__(self, app):
        self.app = app

    def bind(self, on):
        on(by_id("btn-settings"), "click", self.open)
        on(by_id("dlg-settings"), "click", self.on_dialog)
        on(by_id("dlg-settings"), "change", self.on_speed)
        on(by_id("btn-flip"), "click", lambda e: self.toggle("flip"))
        on(by_id("btn-numbers"), "click", lambda e: self.toggle("numbers"))
        on(by_id("btn-lang"), "click", self.open_languages)
        on(by_id("dlg-lang"), "click", self.on_language)
        on(by_id("btn-rules"), "click", self.open_rules)
        on(by_id("rules-badge"), "click", self.open_rules)
        on(by_id("dlg-rules"), "click", self.on_rules_click)

    def label_page(self):
        lang = self.app.lang
        document.documentElement.lang = lang
        document.documentElement.dir = direction(lang)  # the board keeps its own (board.css)
        document.title = T.tr(lang, "app_title")
        heading = document.querySelector(".bar-top h1")
        if heading:
            heading.textContent = T.tr(lang, "app_title")
        for ident, key in LABELS:
            if not absent(by_id(ident)):
                by_id(ident).textContent = T.tr(lang, key)
        for selector, key in ARIA_LABELS:
            element = document.querySelector(selector)
            if element:
                element.setAttribute("aria-label", T.tr(lang, key))
        if EMBED:
            return
        button = by_id("btn-lang")
        button.textContent = about(lang)["name"]
        button.setAttribute("aria-label", T.tr(lang, "language") + ": " + about(lang)["name"])
        button.setAttribute("aria-haspopup", "dialog")

    def open_languages(self, _event=None):
        """The language menu: every language in its own name."""
        dialog = by_id("dlg-lang")
        dialog.innerHTML = menu_html(self.app.lang)
        dialog.showModal()
        current = dialog.querySelector('[aria-current="true"]')
        if current:
            current.focus()

    def on_language(self, event):
        dialog = by_id("dlg-lang")
        if event.target == dialog:  # a click on the backdrop
            dialog.close()
            return
        button = event.target.closest("button")
        if not button:
            return
        if button.id == "lang-close":
            dialog.close()
            return
        code = button.getAttribute("data-lang")
        if code:
            dialog.close()
            self.app.choose_language(code)

    def open(self, _event=None):
        dialog = by_id("dlg-settings")
        dialog.innerHTML = settings_form(self.app.lang, self.app.prefs)
        dialog.showModal()

    def on_dialog(self, event):
        app = self.app
        target = event.target
        if target.id == "set-close":
            by_id("dlg-settings").close()
            return
        key = target.getAttribute("data-pref") if hasattr(target, "getAttribute") else None
        if key:
            app.prefs[key] = bool(target.checked)
            app.session.prefs.update(app.session_prefs())
            app.save_prefs()
            app.render()

    def on_speed(self, event):
        """The bot's speed chosen: remembered with the settings."""
        if event.target.id == "set-speed" and event.target.value in SPEEDS:
            self.app.prefs["anim_ms"] = SPEEDS[event.target.value]
            self.app.save_prefs()

    def toggle(self, what):
        app = self.app
        if what == "flip":
            app.flipped = not app.flipped
        elif what == "numbers":
            app.prefs["numbers"] = not app.prefs["numbers"]
            app.save_prefs()
        app.render()

    def open_rules(self, _event=None):
        """The rules of the game on the board, with its options and the values in force."""
        from nardy_core.ui.rules import rules_panel_html

        variant = self.app.session.variant
        lang = self.app.lang
        name = game_name(variant, lang) or variant.key
        dialog = by_id("dlg-rules")
        dialog.innerHTML = (
            f'<h2 id="rules-title">{escape(T.tr(lang, "rules_title"))}: {escape(name)}</h2>'
            f'<div class="rules">'
            f"{rules_panel_html(variant, lang)}</div>"
            f'<div class="buttons"><button type="button" id="rules-close" class="primary">'
            f"{escape(T.tr(lang, 'close'))}</button></div>"
        )
        dialog.showModal()
        # the panel opens at its top (the browser would focus, and scroll to, the first
        # "Where this rule comes from" of the options); the focus on its Close button
        by_id("rules-close").focus(js.JSON.parse('{"preventScroll": true}'))
        dialog.scrollTop = 0
        rules = dialog.querySelector(".rules")
        if rules:
            rules.scrollTop = 0

    def render_badge(self):
        """The line under the board naming the rules in force (those that are not the game's
        usual ones); it opens the Rules panel."""
        from nardy_core.ui.rules import rules_in_force

        badge = by_id("rules-badge")
        if absent(badge):
            return
        lang = self.app.lang
        variant = self.app.session.variant
        key = (variant.key, tuple(sorted(variant.options.non_default().items())), lang)
        if badge.getAttribute("data-key") == repr(key) and not badge.hidden:
            return  # the same rules as at the last render: nothing to work out again
        badge.setAttribute("data-key", repr(key))
        changed = rules_in_force(variant, lang)
        name = game_name(variant, lang) or variant.key
        text = (
            T.tr(lang, "rules_house", list="; ".join(f"{q} {w}" for q, w in changed))
            if changed
            else T.tr(lang, "rules_usual", game=name)
        )
        if badge.textContent != text:
            badge.textContent = text
            badge.title = text
        badge.classList.toggle("changed", bool(changed))
        badge.hidden = False

    def on_rules_click(self, event):
        if event.target.id == "rules-close":
            by_id("dlg-rules").close()
