"""The game picker's words: every game and mixed match in its group, with one line on how it
plays and where it is played, in English and Russian (issue 19, "a clear start").

Pure Python (runs in Pyodide). The games themselves, their names and groups come from the
engine's registry (``nardy_core.variants``, ``nardy_core.engine.match``); this module only adds the
words a new player needs to choose, and the picker's markup as a pure function.
"""

from __future__ import annotations

from html import escape

from ..engine.match import available_match_kinds
from ..variants import VARIANTS

# (group key, its heading): nardy; tavli and the Turkish games; the old games of Europe
GROUPS = (("nardy", {"en": "Nardy", "ru": "Нарды"}),
          ("tavli", {"en": "Tavli and Turkish games", "ru": "Тавли и турецкие игры"}),
          ("historical", {"en": "Historical games", "ru": "Старинные игры"}),
          ("matches", {"en": "Matches of mixed games", "ru": "Матчи из разных игр"}))

# game key -> (one line on how it plays, where it is played), per language
ABOUT = {
    "long": ({"en": "Both sides race the same way round; no hitting: block with six in a row.",
              "ru": "Обе стороны идут в одну сторону; бить нельзя — запирают шестью подряд."},
             {"en": "Russia, the Caucasus, Central Asia, Iran",
              "ru": "Россия, Кавказ, Средняя Азия, Иран"}),
    "short": ({"en": "Backgammon: hit lone checkers, bring them back in, double the stakes.",
               "ru": "Бэкгаммон: бьют одиночные шашки, вводят их с бара, есть куб удвоения."},
              {"en": "Everywhere; in Russia as short nardy", "ru": "Весь мир; в России — короткие нарды"}),
    "caucasian": ({"en": "Short nardy with a special rule for hitting in your own home.",
                   "ru": "Короткие нарды с особым правилом боя в своём доме."},
                  {"en": "Armenia, Azerbaijan, Georgia", "ru": "Армения, Азербайджан, Грузия"}),
    "khachapuri": ({"en": "Long nardy from a different start: four on the head, eleven at home.",
                    "ru": "Длинные нарды с другой расстановкой: четыре на голове, одиннадцать в доме."},
                   {"en": "Georgia", "ru": "Грузия"}),
    "portes": ({"en": "The first game of tavli: backgammon without triple wins or the cube.",
                "ru": "Первая игра тавли: бэкгаммон без тройной победы и без куба."},
               {"en": "Greece, Cyprus", "ru": "Греция, Кипр"}),
    "plakoto": ({"en": "Trap a lone checker by landing on it: it cannot move until freed.",
                 "ru": "Одиночную шашку запирают, встав на неё: она стоит, пока её не освободят."},
                {"en": "Greece; in Turkey as tapa", "ru": "Греция; в Турции — тапа"}),
    "fevga": ({"en": "The third game of tavli: a race the same way round, no hitting.",
               "ru": "Третья игра тавли: гонка в одну сторону, без боя."},
              {"en": "Greece, Cyprus", "ru": "Греция, Кипр"}),
    "moultezim": ({"en": "Turkish fevga: the starting quarter may never be filled.",
                   "ru": "Турецкая февга: свою первую четверть нельзя занять целиком."},
                  {"en": "Turkey", "ru": "Турция"}),
    "gioul": ({"en": "No hitting; doubles climb: 3-3 plays four 3s, then 4s, 5s and 6s.",
               "ru": "Без боя; дубли растут: 3-3 — четыре тройки, затем четвёрки, пятёрки, шестёрки."},
              {"en": "Turkey, the Middle East", "ru": "Турция, Ближний Восток"}),
    "gul_bara": ({"en": "\"Rose-spring\": a race the same way round; from the fourth turn doubles climb.",
                  "ru": "«Весенняя роза»: гонка в одну сторону; с четвёртого хода дубли растут."},
                 {"en": "Turkey, Bulgaria", "ru": "Турция, Болгария"}),
    "longgammon": ({"en": "Backgammon with all fifteen checkers starting far away.",
                    "ru": "Бэкгаммон, где все пятнадцать шашек начинают издалека."},
                   {"en": "A modern variant", "ru": "Современный вариант"}),
    "irish": ({"en": "Old backgammon: a double counts once, bear off from any lower point.",
               "ru": "Старинный бэкгаммон: дубль — только два хода, выброс с любого младшего пункта."},
              {"en": "Britain and Ireland, 17th-18th century", "ru": "Британия и Ирландия, XVII–XVIII века"}),
    "jacquet": ({"en": "Long nardy with hitting.", "ru": "Длинные нарды с боем."},
                {"en": "France", "ru": "Франция"}),
    "dutch_tricktrack": ({"en": "Backgammon from an empty board: bring all your checkers in first.",
                          "ru": "Бэкгаммон с пустой доски: сначала вводят все шашки."},
                         {"en": "The Netherlands", "ru": "Нидерланды"}),
    "russian_tricktrack": ({"en": "Both sides enter and travel the same way round from an empty board.",
                            "ru": "Оба игрока вводят шашки с пустой доски и идут в одну сторону."},
                           {"en": "Russia, 19th century", "ru": "Россия, XIX век"}),
    "fayles": ({"en": "Three dice, three separate moves.", "ru": "Три кости — три отдельных хода."},
               {"en": "Medieval Europe", "ru": "Средневековая Европа"}),
    "tawula": ({"en": "Most checkers start in hand and enter on your first quarter.",
                "ru": "Большинство шашек начинают в руке и входят в первую четверть."},
               {"en": "Turkey, historical", "ru": "Турция, старинная"}),
    "tourne_case": ({"en": "Three checkers each, one row of twelve points to race along.",
                     "ru": "По три шашки, гонка по своему ряду из двенадцати пунктов."},
                    {"en": "France, 17th century", "ru": "Франция, XVII век"}),
    "match:tavli": ({"en": "Portes, plakoto and fevga in turn: the Greek way to play.",
                     "ru": "Портес, плакото и февга по очереди — так играют в Греции."},
                    {"en": "Greece, Cyprus", "ru": "Греция, Кипр"}),
    "match:gul_bara_tapa": ({"en": "Gul bara and tapa in turn, won by games.",
                             "ru": "Гульбара и тапа по очереди, счёт по партиям."},
                            {"en": "Turkey, Bulgaria", "ru": "Турция, Болгария"}),
}

MATCH_PREFIX = "match:"


def _word(table, lang):
    return table.get(lang) or table["en"]


def entries(lang: str) -> list:
    """``[(group key, heading, [(value, name, line, region), …]), …]``: every registered game
    and every available mixed match, in registry order within its group."""
    out = []
    for group, heading in GROUPS:
        items = []
        if group == "matches":
            for kind in available_match_kinds():
                value = MATCH_PREFIX + kind.key
                line, region = ABOUT[value]
                items.append((value, kind.name(lang), _word(line, lang), _word(region, lang)))
        else:
            for key, variant in VARIANTS.items():
                if variant.group == group:
                    line, region = ABOUT[key]
                    name = variant.names.get(lang) or variant.names["en"]
                    items.append((key, name, _word(line, lang), _word(region, lang)))
        if items:
            out.append((group, _word(heading, lang), items))
    return out


def picker_html(lang: str, chosen: str, opponents, opponent: str, words) -> str:
    """The first visit's picker: the games as radio buttons in their groups, each with its
    line and region; the opponent (``opponents``: ``[(value, label), …]``, ``opponent`` chosen);
    one Play button. ``words``: {"title", "opponent", "play"} in ``lang``."""
    parts = [f'<h2 id="picker-title">{escape(words["title"])}</h2><form method="dialog" '
             'class="picker">']
    for group, heading, items in entries(lang):
        parts.append(f'<fieldset class="games"><legend>{escape(heading)}</legend>')
        for value, name, line, region in items:
            checked = " checked" if value == chosen else ""
            ident = "pk-" + value.replace(":", "-")
            parts.append(
                f'<label class="game" for="{ident}"><input type="radio" name="game" '
                f'id="{ident}" value="{escape(value)}"{checked}>'
                f'<span class="name">{escape(name)}</span>'
                f'<span class="line">{escape(line)}</span>'
                f'<span class="region">{escape(region)}</span></label>')
        parts.append("</fieldset>")
    options = "".join(f'<option value="{escape(v)}"{" selected" if v == opponent else ""}>'
                      f'{escape(label)}</option>' for v, label in opponents)
    # the opponent and Play stay together at the dialog's foot while the games scroll
    parts.append(f'<div class="buttons picker-foot"><label class="field inline">'
                 f'{escape(words["opponent"])}'
                 f'<select id="pk-opponent" name="opponent">{options}</select></label>'
                 f'<button type="submit" id="pk-play" class="primary">'
                 f'{escape(words["play"])}</button></div></form>')
    return "".join(parts)
