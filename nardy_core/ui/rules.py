"""The rules of every game, in English and Russian, for the page's "Rules" panel.

Pure Python, no imports beyond the standard library, no syntax newer than 3.11 (runs in Pyodide).

Tables
------
``RULES = {game_key: {"en": html, "ru": html}}``
    A rules summary per game (setup, direction, dice and doubles, entering / hitting / blocking or
    pinning, special restrictions, bearing off, end of game and scoring, the cube where there is
    one), written from ``CORE_RULES.md`` and ``VARIANT_RULES.md`` with the **default** options.
    HTML uses only ``<h3> <p> <ul> <li> <b>``, no attributes.

``OPTIONS = {option_key: entry}``, every entry a dict::

    {"en": sentence, "ru": sentence,            # what the option does (one sentence)
     "title": {"en": ..., "ru": ...},           # a short name for the option
     "choices": {value: {"en": ..., "ru": ...}}}  # only for options with named values

    ``value`` is the value's text form as the engine writes it (``Option.format``): ``"reroll"``,
    ``"LEGAL"``, ``"13"``; look-ups compare it case-insensitively. Yes/no and number options have
    no ``choices``: their sentence says what "on" or the number means.

``GAME_OPTIONS = {game_key: [option_key, ...]}``
    The options each game has, in the engine's declaration order where the engine exists
    (core games: ``nardy_core/variants``), else as ``VARIANT_RULES.md`` §5a lists them.

``DEFAULTS = {game_key: {option_key: text}}``
    Each game's default value of each of its options, as text (``"true"``, ``"0"``, ``"346"`` for a
    set of dice, a choice name). ``next_game_starter``, ``cube_enabled`` and ``block_rule`` keys are
    shared by several games; their defaults are per game.

Function
--------
``rules_html(game_key, lang, options=None, values=None) -> str``
    The game's text in ``lang`` (``"en"``/``"ru"``; anything else gives English) followed by an
    "Options" / "Варианты правил" section. ``options``: the option keys to list (a list/tuple of
    keys, of ``Option`` objects, a dict whose keys are option keys, or an ``OptionSet``); ``None``
    lists ``GAME_OPTIONS[game_key]``. ``values`` (optional ``{key: value}``): current values; a
    value that differs from the game's default is shown after the option ("in this game: …").
    Never raises: an unknown game gives a short "no rules text yet" paragraph, an unknown option key
    is listed by its key alone.
"""

from __future__ import annotations

__all__ = ["RULES", "OPTIONS", "GAME_OPTIONS", "DEFAULTS", "GAME_TITLES", "rules_html",
           "option_text", "option_field", "option_fields", "rules_panel_html", "source_html",
           "number_words", "dieset_words", "NUMBER_CHOICES", "DIESET_CHOICES"]

# ---------------------------------------------------------------------------------------------
# Shared paragraphs

_MUST_EN = ("<li><b>Using the roll.</b> Play both numbers if you can (all four of a double), even "
            "against your interest. If only one can be played, play it; if either but not both, "
            "the larger. Unplayable numbers are lost.</li>")
_MUST_RU = ("<li><b>Обязательность хода.</b> Если правила позволяют, играют оба числа (при дубле "
            "— все четыре), даже если это невыгодно. Если можно сыграть только одно число, играют "
            "его; если любое, но не оба, — большее. Несыгранные числа пропадают; если хода нет, "
            "ход переходит к сопернику.</li>")

_MUST1_EN = _MUST_EN.replace(" (all four of a double)", "")
_MUST1_RU = _MUST_RU.replace(" (при дубле — все четыре)", "")
assert _MUST1_EN != _MUST_EN and _MUST1_RU != _MUST_RU

_BEAR_EN = ("<p><b>Bearing off.</b> Once all 15 checkers are home, a die bears off a checker "
            "standing that many points from the edge (a 4 from the fourth point); a higher number "
            "bears off from your highest occupied point if no checker stands higher. You may also "
            "move inside the home instead.</p>")
_BEAR_RU = ("<p><b>Выброс.</b> Когда все 15 шашек в доме, число выбрасывает шашку, стоящую на "
            "столько же пунктов от края (4 — с четвёртого пункта); большее число — с самого "
            "старшего занятого пункта, если выше шашек нет. Вместо выброса можно сыграть ход "
            "внутри дома.</p>")

_CUBE_EN = ("<p><b>Doubling cube.</b> Before rolling, a player may offer to double the stake. The "
            "opponent drops (losing the current stake) or takes and owns the cube: only he may "
            "redouble later. In a match nobody may double in the Crawford game, the game right "
            "after a player first gets within one point of victory.</p>")
_CUBE_RU = ("<p><b>Куб удвоения.</b> Перед броском игрок может предложить <b>даве</b> — удвоить "
            "ставку. Соперник пасует (проигрывая прежнюю ставку) или принимает и становится "
            "владельцем куба: только он может потом удвоить снова (<b>басе</b>). В матче нельзя "
            "удваивать в партии Кроуфорда — первой после того, как игроку впервые осталось одно "
            "очко до победы.</p>")

_GREEK_START_EN = ("Each player throws one die; the higher starts and throws both dice again for "
                   "his first turn. In later games the winner of the previous game starts.")
_GREEK_START_RU = ("Игроки бросают по одному зару; у кого больше, тот ходит первым и для первого "
                   "хода бросает оба зара заново. В следующих партиях первым ходит победитель "
                   "предыдущей.")

_SHORT_SETUP_EN = ("<p><b>Setup.</b> Each player has two checkers on his 24-point (the opponent's "
                   "1-point), five on his 13, three on his 8 and five on his 6. The players move "
                   "in opposite directions, each from his 24-point down to his 1-point; your "
                   "<b>home</b> is points 1–6, facing the opponent's home.</p>")
_SHORT_SETUP_RU = ("<p><b>Расстановка.</b> У каждого две шашки на своём 24-м пункте (первом "
                   "пункте дома соперника), пять на 13-м, три на 8-м и пять на 6-м. Шашки "
                   "движутся навстречу, у каждого от 24-го пункта к 1-му; <b>дом</b> — пункты "
                   "1–6, напротив дома соперника.</p>")

_HIT_EN = ("<li><b>Hitting.</b> You may land on an empty point, your own checkers or a single "
           "opposing checker (a <b>blot</b>), which is hit and goes to the <b>bar</b>. Two or "
           "more opposing checkers close a point. When one checker plays both numbers, the point "
           "in between must be open too (a blot there is hit).</li><li><b>Bar.</b> With a checker "
           "on the bar you may move nothing else. It enters the opponent's home, a 1 on his "
           "1-point, a 6 on his 6-point, if that point is not closed; otherwise the number is "
           "lost.</li>")
_HIT_RU = ("<li><b>Бой.</b> Шашку можно ставить на свободный пункт, на свои шашки или на "
           "одиночную шашку соперника (<b>блот</b>) — она побита и уходит на <b>бар</b>. Две и "
           "более шашки соперника закрывают пункт. Если одна шашка играет оба числа, "
           "промежуточный пункт тоже должен быть открыт (блот на нём бьётся).</li><li><b>Бар.</b> "
           "Пока у вас шашка на баре, другие не ходят. Её заряжают в дом соперника: 1 — на его "
           "первый пункт, 6 — на шестой, если пункт не закрыт; иначе число пропадает.</li>")

_SCORE3_EN = ("<p><b>Result.</b> The first to bear off all 15 wins 1 point; a <b>gammon</b> "
              "(mars: the loser has borne off nothing) 2; a <b>backgammon</b> (koks: nothing off "
              "and a checker on the bar or in the winner's home) 3. The points are multiplied by "
              "the cube.</p>")
_SCORE3_RU = ("<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает 1 очко; <b>марс</b> "
              "(проигравший не выбросил ни одной) — 2; <b>кокс</b> (ни одной не выброшено и есть "
              "шашка на баре или в доме победителя) — 3. Очки умножаются на куб.</p>")

_LONG_SETUP_EN = ("<p><b>Setup.</b> Each player's 15 checkers start on his <b>head</b>, the first "
                  "point of his track; the two heads are in diagonally opposite corners. Both "
                  "players move the same way round (anticlockwise) through the whole board: from "
                  "the head past the opponent's head into the <b>home</b>, the last six points "
                  "of the track, 18 points beyond the head.</p>")
_LONG_SETUP_RU = ("<p><b>Расстановка.</b> Все 15 шашек каждого игрока стоят на его <b>голове</b> "
                  "— первом пункте его пути; головы в противоположных по диагонали углах. Оба "
                  "игрока движутся в одну сторону (против часовой стрелки) по всей доске: от "
                  "головы мимо головы соперника в свой <b>дом</b> — последнюю четверть пути, в 18 "
                  "пунктах от головы.</p>")

_NOHIT_EN = ("<li><b>Blocking, no hitting.</b> A checker may never land on a point holding any "
             "opposing checker — a single one is enough to hold it; any number of your own may "
             "share a point. When one checker plays both numbers, the point in between must be "
             "free too. Nothing is ever hit.</li>")
_NOHIT_RU = ("<li><b>Без боя.</b> Нельзя ставить шашку на пункт, где стоит хотя бы одна шашка "
             "соперника; своих на пункте может быть сколько угодно. Если одна шашка играет оба "
             "числа, промежуточный пункт тоже должен быть свободен. Шашки не бьются.</li>")

# ---------------------------------------------------------------------------------------------
# The games

GAME_TITLES = {
    "long": {"en": "Long nardy", "ru": "Длинные нарды"},
    "short": {"en": "Short nardy (backgammon)", "ru": "Короткие нарды"},
    "caucasian": {"en": "Caucasian nardy", "ru": "Кавказские нарды"},
    "portes": {"en": "Portes", "ru": "Портес"},
    "longgammon": {"en": "LongGammon", "ru": "Лонггаммон"},
    "irish": {"en": "Irish", "ru": "Ирландские нарды"},
    "jacquet": {"en": "Jacquet", "ru": "Жакет"},
    "dutch_tricktrack": {"en": "Dutch tricktrack", "ru": "Триктрак голландский"},
    "russian_tricktrack": {"en": "Russian tricktrack", "ru": "Триктрак русский"},
    "fayles": {"en": "Fayles", "ru": "Фэйлес"},
    "tawula": {"en": "Tawula", "ru": "Тавула"},
    "tourne_case": {"en": "Tourne-case", "ru": "Турн-каз"},
    "plakoto": {"en": "Plakoto", "ru": "Плакото"},
    "fevga": {"en": "Fevga", "ru": "Февга"},
    "moultezim": {"en": "Moultezim", "ru": "Мультезим"},
    "gul_bara": {"en": "Gul bara", "ru": "Гульбар"},
    "gioul": {"en": "Gioul", "ru": "Гиоул"},
    "khachapuri": {"en": "Khachapuri", "ru": "Хачапури"},
}

RULES = {}

RULES["long"] = {
    "en": (
        "<h3>Long nardy</h3>" + _LONG_SETUP_EN +
        "<p><b>Start.</b> Each player throws one die; the higher takes White "
        "and the first move, and throws both dice for it. In a match the colours swap every game "
        "and the previous Black starts.</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker that many points; one checker may take "
        "both numbers. A double is played four times.</li>" + _NOHIT_EN +
        "<li><b>Head rule.</b> Only one checker may leave the head per turn, doubles included. "
        "Exception: on a player's first turn, 6-6, 4-4 or 3-3 let two checkers leave the head, "
        "since one checker alone is stopped by the opponent's head (not if another opposing "
        "checker stops it earlier).</li>"
        "<li><b>Six in a row.</b> You may hold six points in a row only if at least one opposing "
        "checker is already ahead of that block; all 15 opposing checkers may never be shut in. A "
        "block that exists only in the middle of your turn is allowed.</li>" + _MUST_EN + "</ul>"
        + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins an <b>oin</b> (ойн), 1 point, if the "
        "loser has borne off at least one checker, or a <b>mars</b>, 2 points, if not. There are "
        "no draws and no cube unless the options turn them on.</p>"
    ),
    "ru": (
        "<h3>Длинные нарды</h3>" + _LONG_SETUP_RU +
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот получает право "
        "первого хода и белые шашки (при равенстве бросают снова). Затем белые бросают оба зара "
        "для первого хода, так что может выпасть дубль. В матче цвета каждую партию меняются, и "
        "начинает тот, кто играл чёрными.</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку на выпавшее число пунктов; одна "
        "шашка может сыграть оба числа. Дубль (куш) играется четыре раза.</li>" + _NOHIT_RU +
        "<li><b>Голова.</b> За ход с головы можно взять только одну шашку, и при дубле тоже. "
        "Исключение: на первом ходу каждого игрока при 6-6, 4-4 и 3-3 с головы снимают две "
        "шашки, потому что одной шашке мешает голова соперника (если раньше ей не мешает другая "
        "его шашка).</li>"
        "<li><b>Шесть подряд.</b> Заграждение из шести пунктов подряд можно поставить, только если "
        "впереди него уже есть хотя бы одна шашка соперника; запереть все 15 его шашек нельзя. "
        "Временно закрыть шесть пунктов по ходу и тут же открыть их в том же ходе можно.</li>"
        + _MUST_RU + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Побеждает первый, кто выбросил все 15 шашек. Если проигравший успел "
        "выбросить хотя бы одну шашку — это <b>ойн</b>, 1 очко; если ни одной — <b>марс</b>, 2 "
        "очка. Ничьей и куба нет, если их не включить вариантами ниже.</p>"
    ),
}

RULES["short"] = {
    "en": (
        "<h3>Short nardy (backgammon)</h3>" + _SHORT_SETUP_EN +
        "<p><b>Start.</b> Each player throws one die; the higher moves first, playing the two "
        "numbers just thrown, so the first roll is never a double. Every game starts this "
        "way.</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker that many points; one checker may take "
        "both numbers. A double is played four times.</li>" + _HIT_EN + _MUST_EN + "</ul>"
        + _BEAR_EN.replace("</p>", " A checker hit during bearing off must come home again "
                           "before you go on.</p>") + _SCORE3_EN + _CUBE_EN
    ),
    "ru": (
        "<h3>Короткие нарды</h3>" + _SHORT_SETUP_RU +
        "<p><b>Начало.</b> Игроки бросают по одному зару (при равенстве — снова); у кого больше, "
        "тот ходит первым, играя эти два числа, поэтому первый ход никогда не бывает дублем. Так "
        "начинается каждая партия.</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку на выпавшее число пунктов; одна "
        "шашка может сыграть оба числа. Дубль играется четыре раза.</li>" + _HIT_RU + _MUST_RU
        + "</ul>"
        + _BEAR_RU.replace("</p>", " Если шашку побили во время выброса, её нужно снова привести "
                           "в дом, прежде чем выбрасывать дальше.</p>") + _SCORE3_RU + _CUBE_RU
    ),
}

RULES["caucasian"] = {
    "en": (
        "<h3>Caucasian nardy</h3>"
        "<p>Short nardy with one extra rule about hitting in your own home.</p>" + _SHORT_SETUP_EN +
        "<p><b>Start.</b> Each player throws one die; the higher moves first with those two "
        "numbers. A double is played four times.</p><ul>" + _HIT_EN +
        "<li><b>No hit and hide.</b> A checker that hits a blot in your own home (points 1–6) "
        "stays exposed for the rest of the turn: it may stay, run on to an empty point, hit "
        "again or be borne off, but may not join your other checkers, and none of them may end "
        "the turn on its point (passing through is fine). Hits elsewhere, and when entering, are "
        "free.</li>" + _MUST_EN + "</ul>" + _BEAR_EN + _SCORE3_EN +
        "<p><b>Doubling cube</b> as in short nardy: before rolling you may offer a double; the "
        "opponent drops or takes and owns the cube.</p>"
    ),
    "ru": (
        "<h3>Кавказские нарды</h3>"
        "<p>Кавказские нарды — это короткие нарды с одним дополнительным правилом о бое в своём "
        "доме.</p>" + _SHORT_SETUP_RU +
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот ходит первым этими "
        "двумя числами.</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; дубль играется четыре раза.</li>"
        + _HIT_RU +
        "<li><b>Побил — не прячься.</b> Шашка, побившая блот на пункте вашего дома (пункты 1–6), "
        "до конца хода остаётся открытой: она может стоять, уйти дальше на свободный пункт, "
        "побить ещё раз или быть выброшена, но не может встать к своим шашкам, и никакая другая "
        "ваша шашка не может закончить ход на её пункте (пройти через него можно). Бой вне "
        "своего дома и при заряде с бара не ограничен.</li>" + _MUST_RU + "</ul>" + _BEAR_RU
        + _SCORE3_RU +
        "<p><b>Куб удвоения</b> — как в коротких нардах: перед броском можно предложить даве; "
        "соперник пасует или принимает и становится владельцем куба.</p>"
    ),
}

RULES["portes"] = {
    "en": (
        "<h3>Portes</h3>"
        "<p>Portes is the first game of Greek tavli: backgammon without the backgammon (triple) "
        "result and without the doubling cube.</p>" + _SHORT_SETUP_EN +
        "<p><b>Start.</b> " + _GREEK_START_EN + "</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker that many points; one checker may take "
        "both numbers. A double is played four times.</li>" + _HIT_EN + _MUST_EN + "</ul>"
        + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 points if the loser "
        "has not borne off a single checker — even if he still has checkers on the bar or in the "
        "winner's home. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Портес</h3>"
        "<p>Портес — первая игра греческого тавли: короткие нарды без кокса и без куба "
        "удвоения.</p>" + _SHORT_SETUP_RU +
        "<p><b>Начало.</b> " + _GREEK_START_RU + "</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку на выпавшее число пунктов; одна "
        "шашка может сыграть оба числа. Дубль играется четыре раза.</li>" + _HIT_RU + _MUST_RU
        + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает один куш (1 очко), или два "
        "(<b>марс</b>), если проигравший не выбросил ни одной шашки — даже если у него остались "
        "шашки на баре или в доме победителя. Куб традиционно не используется.</p>"
    ),
}

RULES["longgammon"] = {
    "en": (
        "<h3>LongGammon</h3>"
        "<p>LongGammon is backgammon with a different start: each player's 15 checkers all begin "
        "on the opponent's 1-point (your 24-point), and everything else is as in short nardy. "
        "The players move in opposite directions, each from his 24-point to his 1-point; your "
        "home is your points 1–6.</p>"
        "<p><b>Start.</b> Each player throws one die (ties are thrown again); the higher moves "
        "first, playing those two numbers. Every game starts this way.</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker that many points; one checker may take "
        "both numbers. A double is played four times. Any number of checkers may leave the "
        "starting point in one turn.</li>" + _HIT_EN + _MUST_EN + "</ul>" + _BEAR_EN
        + _SCORE3_EN + _CUBE_EN
    ),
    "ru": (
        "<h3>Лонггаммон</h3>"
        "<p>Лонггаммон — это короткие нарды с другой расстановкой: все 15 шашек каждого игрока "
        "стоят на первом пункте дома соперника (ваш 24-й пункт), остальное — как в коротких "
        "нардах. Шашки движутся навстречу друг другу, у каждого от 24-го пункта к 1-му; дом — "
        "пункты 1–6.</p>"
        "<p><b>Начало.</b> Игроки бросают по одному зару (при равенстве — снова); у кого больше, "
        "тот ходит первым этими двумя числами. Так начинается каждая партия.</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку на выпавшее число пунктов; одна "
        "шашка может сыграть оба числа. Дубль играется четыре раза. С начального пункта можно "
        "снимать сколько угодно шашек за ход.</li>" + _HIT_RU + _MUST_RU + "</ul>" + _BEAR_RU
        + _SCORE3_RU + _CUBE_RU
    ),
}

RULES["irish"] = {
    "en": (
        "<h3>Irish</h3>"
        "<p>Irish is an old form of backgammon: same start, direction, hitting and bar as short "
        "nardy, with three differences.</p>" + _SHORT_SETUP_EN +
        "<p><b>Start.</b> Each player throws one die; the higher moves first with those two "
        "numbers.</p>"
        "<ul><li><b>Doubles count once.</b> A double is played like any other roll: one move per "
        "die, two moves in all (6-6 is two sixes, not four).</li>" + _HIT_EN +
        "<li><b>Do not close your home.</b> While the opponent has a checker on the bar you may "
        "not end your turn with all six points of your home made (two or more checkers on each), "
        "so he can always come in.</li>" + _MUST1_EN + "</ul>"
        "<p><b>Bearing off.</b> Once all 15 checkers are home, a die may bear off a checker from "
        "the point of that number <b>or any lower point</b>, even if higher points are still "
        "occupied and even if a move inside the home were possible. A hit checker must come home "
        "again first.</p>"
        "<p><b>Result.</b> The first to bear off all 15 wins one point — there is no gammon, no "
        "backgammon, and traditionally no cube.</p>"
    ),
    "ru": (
        "<h3>Ирландские нарды</h3>"
        "<p>Ирландские нарды — старинная форма коротких нард: та же расстановка, направление, бой "
        "и бар, но с тремя отличиями.</p>" + _SHORT_SETUP_RU +
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот ходит первым этими "
        "двумя числами.</p>"
        "<ul><li><b>Дубль не удваивается.</b> Дубль играется как обычный бросок — по одному ходу "
        "на каждый зар, всего два хода (6-6 — две шестёрки, а не четыре).</li>" + _HIT_RU +
        "<li><b>Не закрывать дом.</b> Пока у соперника есть шашка на баре, нельзя закончить ход "
        "так, чтобы все шесть пунктов вашего дома были заняты (по две и более шашки на каждом): "
        "соперник всегда должен иметь возможность зайти.</li>" + _MUST1_RU + "</ul>"
        "<p><b>Выброс.</b> Когда все 15 шашек в доме, зар выбрасывает шашку с пункта с тем же "
        "номером <b>или с любого младшего</b> — даже если на старших пунктах есть шашки и даже "
        "если можно сыграть ход внутри дома. Побитую шашку сначала нужно снова привести в "
        "дом.</p>"
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает одно очко — марса, кокса "
        "и куба традиционно нет.</p>"
    ),
}

_ENTRY_EN = ("<p><b>Setup and entering.</b> Both players start with all 15 checkers off the "
             "board, as if on the bar. A checker enters with a die into the opponent's home, as "
             "from the bar: a 1 on his 1-point, a 6 on his 6-point, unless two or more of his "
             "checkers hold it; entering on a single opposing checker hits it. A die that cannot "
             "enter is lost; a double enters up to four checkers. No checker moves along the "
             "board until all 15 have entered.</p>")
_ENTRY_RU = ("<p><b>Расстановка и ввод.</b> В начале все 15 шашек каждого игрока вне доски, как "
             "на баре. Шашку вводят (заряжают) в дом соперника так же, как с бара: 1 — на его "
             "первый пункт, 6 — на шестой, если там нет двух и более его шашек; одиночная шашка "
             "соперника при этом бьётся. Число, которым ввести нельзя, пропадает; дублем можно "
             "ввести до четырёх шашек. Пока не введены все 15, по доске шашки не ходят.</p>")

RULES["dutch_tricktrack"] = {
    "en": (
        "<h3>Dutch tricktrack</h3>"
        "<p>Backgammon from an empty board: first you bring your checkers in. They enter in the "
        "opponent's home and travel, as in backgammon, to your own home opposite.</p>" + _ENTRY_EN +
        "<p><b>Start.</b> Each player throws one die; the higher plays those two numbers "
        "first.</p>"
        "<ul><li><b>Moving and hitting</b> as in backgammon: a point with two or more opposing "
        "checkers is closed, a single one (a blot) is hit and goes to the bar, and a checker on "
        "the bar must be entered again before anything else moves. A double is played four "
        "times.</li>"
        "<li><b>No early prime.</b> You may not end a turn holding six points in a row (two or "
        "more checkers on each) until an opposing checker has reached his home or been borne "
        "off.</li>" + _MUST_EN + "</ul>"
        + _BEAR_EN + _SCORE3_EN + _CUBE_EN
    ),
    "ru": (
        "<h3>Триктрак голландский</h3>"
        "<p>Это короткие нарды с пустой доски: первый этап игры — ввод шашек. Ваши шашки входят "
        "в дом соперника и идут, как в коротких нардах, к вашему дому напротив; игроки движутся "
        "навстречу друг другу.</p>" + _ENTRY_RU +
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот первым играет эти "
        "два числа.</p>"
        "<ul><li><b>Ход и бой</b> — как в коротких нардах: пункт с двумя и более шашками "
        "соперника закрыт, одиночная шашка (блот) бьётся и уходит на бар, а шашку с бара нужно "
        "зарядить, прежде чем ходить другими. Дубль играется четыре раза.</li>"
        "<li><b>Без раннего блока.</b> Нельзя закончить ход, держа шесть пунктов подряд (на "
        "каждом по две и более ваших шашки), пока хотя бы одна шашка соперника не вошла в свой "
        "дом или не выброшена.</li>" + _MUST_RU + "</ul>" + _BEAR_RU + _SCORE3_RU + _CUBE_RU
    ),
}

RULES["russian_tricktrack"] = {
    "en": (
        "<h3>Russian tricktrack</h3>"
        "<p>Dutch tricktrack with a shared track: both players bring their checkers in through "
        "the <b>same</b> quarter, travel the same way round the board and bear off from the "
        "<b>same</b> home quarter, which lies opposite the entry quarter. Points are numbered the "
        "same for both players: you enter on 24–19 and bear off from 6–1.</p>"
        "<p><b>Setup and entering.</b> All 15 checkers of each player start off the board. A 1 "
        "enters on point 24, a 6 on point 19, unless two or more opposing checkers hold it; a "
        "single opposing checker there is hit. A die that cannot enter is lost; a double enters "
        "up to four. No checker moves along the board until all 15 have entered.</p>"
        "<p><b>Start.</b> Each player throws one die; the higher plays those two numbers "
        "first.</p>"
        "<ul><li><b>Moving and hitting</b> as in backgammon: two or more checkers close a point, "
        "a single checker on any point of the shared track can be hit and goes to the bar, and "
        "must be entered again at 24–19 and travel all the way round. A double is played four "
        "times.</li>"
        "<li><b>No full prime too early.</b> You may not end your turn holding six points in a "
        "row (each with two or more checkers) unless at least one opposing checker stands in the "
        "home quarter 1–6 or has been borne off.</li>" + _MUST_EN + "</ul>" + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point; 2 (gammon) if the loser "
        "has borne off nothing; 3 (backgammon) if he has borne off nothing and still has a "
        "checker on the bar or on the entry quarter 24–19. The points are multiplied by the "
        "cube, used as in backgammon.</p>"
    ),
    "ru": (
        "<h3>Триктрак русский</h3>"
        "<p>Голландский триктрак с общим путём: оба игрока заводят шашки через <b>одну и ту же</b> "
        "четверть, идут в одну сторону по доске и выбрасывают из <b>одного и того же</b> дома, "
        "который расположен напротив четверти ввода. Нумерация пунктов у обоих одна: вход на "
        "24–19, выброс с 6–1.</p>"
        "<p><b>Расстановка и ввод.</b> В начале все 15 шашек каждого вне доски. 1 заряжает шашку "
        "на пункт 24, 6 — на пункт 19, если там нет двух и более шашек соперника; одиночная "
        "шашка соперника бьётся. Число, которым ввести нельзя, пропадает; дублем вводят до "
        "четырёх шашек. Пока не введены все 15, по доске шашки не ходят.</p>"
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот первым играет эти "
        "два числа.</p>"
        "<ul><li><b>Ход и бой</b> — как в коротких нардах: две шашки закрывают пункт, одиночная "
        "шашка на любом пункте общего пути бьётся, уходит на бар, снова заряжается на 24–19 и "
        "проходит весь путь заново. Дубль играется четыре раза.</li>"
        "<li><b>Без раннего блока.</b> Нельзя закончить ход, держа шесть пунктов подряд (по две "
        "и более шашки), пока хотя бы одна шашка соперника не стоит в доме 1–6 или не "
        "выброшена.</li>" + _MUST_RU + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает 1 очко; 2 (<b>марс</b>), "
        "если проигравший не выбросил ни одной; 3 (<b>кокс</b>), если не выбросил ни одной и "
        "у него есть шашка на баре или в четверти ввода 24–19. Очки умножаются на куб, который "
        "используется как в коротких нардах.</p>"
    ),
}

RULES["fayles"] = {
    "en": (
        "<h3>Fayles</h3>"
        "<p>A medieval game played with <b>three dice</b>. Each player has two checkers on the "
        "opponent's 1-point (his own 24-point) and thirteen on his own 6-point; the homes face "
        "each other and the players move in opposite directions, as in backgammon.</p>"
        "<p><b>Start.</b> Each player throws one die; the higher starts and throws all three "
        "dice for his first turn. Every game starts this way.</p>"
        "<ul><li><b>Three numbers.</b> The three dice are three separate moves, played by one, "
        "two or three checkers. There are no doubles: 4-4-4 is just three moves of 4. Every "
        "point a checker stops on, also in between, must be open.</li>"
        "<li><b>Open points.</b> You may land on an empty point, on your own checkers or on a "
        "single opposing checker (a blot); two or more opposing checkers close a point.</li>"
        "<li><b>Hitting.</b> A hit checker does not go to a bar: it is put on your 1-point, the "
        "far corner of your home (its owner's starting point). If your own single checker stood "
        "there, it is knocked to the opposite corner (your starting point); if two or more "
        "opposing checkers hold that corner, the hit is not allowed. While you have two or more "
        "checkers on your own 1-point you may not hit at all.</li>"
        "<li><b>Play all three or lose.</b> You must play all three numbers. If the roll cannot "
        "be played in full in any order, you <b>lose the game at once</b> — unless you can bear "
        "off your last checker with it.</li></ul>" + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point. There is no gammon, no "
        "backgammon, and traditionally no cube.</p>"
    ),
    "ru": (
        "<h3>Фэйлес</h3>"
        "<p>Средневековая игра на <b>трёх зарах</b>. У каждого игрока две шашки на первом пункте "
        "дома соперника (свой 24-й пункт) и тринадцать на шестом пункте своего дома; дома "
        "напротив друг друга, шашки движутся навстречу, как в коротких нардах.</p>"
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот начинает и для "
        "первого хода бросает все три зара. Так начинается каждая партия.</p>"
        "<ul><li><b>Три числа.</b> Три зара — три отдельных хода, которые делают одна, две или "
        "три шашки. Дублей нет: 4-4-4 — просто три хода по 4. Каждый пункт, где шашка "
        "останавливается, в том числе промежуточный, должен быть открыт.</li>"
        "<li><b>Открытые пункты.</b> Шашку можно ставить на свободный пункт, на свои шашки или "
        "на одиночную шашку соперника (блот); две и более его шашки закрывают пункт.</li>"
        "<li><b>Бой.</b> Побитая шашка уходит не на бар, а на ваш первый пункт — самый дальний "
        "пункт вашего дома (начальный пункт её хозяина). Если там стояла ваша одиночная шашка, "
        "она сбита и уходит в противоположный угол (ваш начальный пункт); если этот угол заняли "
        "две и более шашки соперника, бить нельзя. Пока на вашем первом пункте две и более "
        "ваших шашки, бить вообще нельзя.</li>"
        "<li><b>Все три — или проигрыш.</b> Нужно сыграть все три числа. Если бросок нельзя "
        "сыграть полностью ни в каком порядке, игрок <b>сразу проигрывает партию</b> — кроме "
        "случая, когда этим броском он выбрасывает последнюю шашку.</li></ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает 1 очко. Марса, кокса и "
        "куба традиционно нет.</p>"
    ),
}

RULES["tourne_case"] = {
    "en": (
        "<h3>Tourne-case</h3>"
        "<p>A French game of the 17th century with only <b>three checkers</b> each. Each player "
        "uses only the twelve points on his own side, numbered 1 to 12 in his direction of "
        "travel; point 12, at the end of the row, is his <b>home point</b>. The two rows run the "
        "same way, so your point 5 is directly across from the opponent's point 5.</p>"
        "<p><b>Start.</b> All checkers start off the board. Each player throws one die; the "
        "higher starts and throws both dice for his first turn.</p>"
        "<ul><li><b>Dice.</b> Each die is one move; a <b>double counts once</b> (3-3 is one move "
        "of 3). Play as many numbers as you can — if only one of the two can be played, the "
        "higher — and the rest are lost.</li>"
        "<li><b>Entering.</b> A die d brings a checker from off the board onto your point d, if "
        "that point is empty and no checker of yours stands on a lower point. Entering is "
        "optional: you may move checkers on the board instead.</li>"
        "<li><b>Moving.</b> A checker moves exactly d points forward onto an empty point. It may "
        "never jump over one of your own checkers, so your checkers keep their order, and it may "
        "not go past point 12. Any number may pile up on the home point, and they never move "
        "again.</li>"
        "<li><b>Hitting across.</b> When your checker stops (also in between) on your point k, "
        "1 to 11, and the opponent has a checker on his point k directly opposite, that checker "
        "is hit and goes to the bar. Checkers on the home points are safe.</li>"
        "<li><b>Bar.</b> A checker on the bar must be entered (same rule as above) before "
        "anything else moves; if it cannot enter with either die, the whole turn is lost.</li>"
        "</ul>"
        "<p><b>Result.</b> The first to get all three checkers onto his home point wins. The "
        "loser pays 1 point if all three of his checkers are on his row, or 2 if one is still "
        "off the board or on the bar. There is no bearing off and traditionally no cube.</p>"
    ),
    "ru": (
        "<h3>Турн-каз</h3>"
        "<p>Французская игра XVII века, у каждого всего <b>три шашки</b>. Каждый игрок ходит "
        "только по двенадцати пунктам своей стороны доски, пронумерованным от 1 до 12 по ходу "
        "движения; пункт 12 в конце ряда — его <b>домашний пункт</b>. Оба ряда идут в одну "
        "сторону, так что ваш пятый пункт стоит прямо напротив пятого пункта соперника.</p>"
        "<p><b>Начало.</b> В начале все шашки вне доски. Игроки бросают по одному зару; у кого "
        "больше, тот начинает и для первого хода бросает оба зара.</p>"
        "<ul><li><b>Зары.</b> Каждый зар — один ход; <b>дубль считается один раз</b> (3-3 — один "
        "ход на 3). Играют столько чисел, сколько можно (если только одно из двух — то "
        "большее), остальные пропадают.</li>"
        "<li><b>Ввод.</b> Число d вводит шашку на ваш пункт d, если он свободен и на младших "
        "пунктах нет ваших шашек. Вводить не обязательно: можно ходить шашками на доске.</li>"
        "<li><b>Ход.</b> Шашка идёт ровно на d пунктов вперёд на свободный пункт. Перепрыгивать "
        "свои шашки нельзя, поэтому они сохраняют порядок, и заходить за пункт 12 тоже нельзя. "
        "На домашнем пункте может стоять сколько угодно шашек, дальше они не ходят.</li>"
        "<li><b>Бой напротив.</b> Если ваша шашка останавливается (в том числе промежуточно) на "
        "вашем пункте k от 1 до 11, а напротив, на пункте k соперника, стоит его шашка, она "
        "побита и уходит на бар. Шашки на домашних пунктах не бьются.</li>"
        "<li><b>Бар.</b> Шашку с бара нужно ввести (по тому же правилу), прежде чем ходить "
        "другими; если ввести нельзя ни одним заром, пропадает весь ход.</li></ul>"
        "<p><b>Итог.</b> Побеждает тот, кто первым соберёт все три шашки на домашнем пункте. "
        "Проигравший платит 1 очко, если все три его шашки стоят в ряду, и 2, если какая-то "
        "ещё вне доски или на баре. Выброса нет, куб традиционно не используется.</p>"
    ),
}

RULES["plakoto"] = {
    "en": (
        "<h3>Plakoto</h3>"
        "<p>The second game of Greek tavli (in Turkey: tapa). Each player's 15 checkers start on "
        "the opponent's 1-point (your 24-point); the homes face each other and the players move "
        "in opposite directions, as in backgammon. Any number of checkers may leave the start in "
        "one turn.</p>"
        "<p><b>Start.</b> " + _GREEK_START_EN + "</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker; one checker may take both numbers; a "
        "double is played four times.</li>"
        "<li><b>Pinning instead of hitting.</b> Nothing is ever hit. Landing on a single opposing "
        "checker <b>pins</b> it: it stays under your checker and cannot move until all your "
        "checkers have left that point. You may pile more of your checkers on top. You may not "
        "land on two or more opposing checkers, nor on a point where one of your checkers is "
        "pinned.</li>"
        "<li><b>The mother checker.</b> Your last checker on your starting point is the "
        "<b>mother</b>. If you pin the opponent's mother while none of your checkers is left on "
        "your starting point, you win at once, 2 points. If you still have checkers there, play "
        "goes on: you win as soon as your last one leaves the start, but if the opponent pins "
        "your mother first, both mothers are pinned and the game is a draw. The game ends the "
        "moment this happens, even in the middle of a turn; a play that ends it with a die "
        "unplayed is allowed only when no play uses more dice.</li>" + _MUST_EN + "</ul>"
        "<p><b>Bearing off</b> as in backgammon, once all 15 checkers are home — and not while any "
        "of your checkers is pinned.</p>"
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 if the loser has not "
        "borne off any; pinning the mother wins 2. A draw scores nothing (the next game then "
        "starts with an opening throw), and so does a game in which neither side could ever "
        "move again. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Плакото</h3>"
        "<p>Вторая игра греческого тавли (в Турции — тапа). Все 15 шашек каждого игрока стоят на "
        "первом пункте дома соперника (ваш 24-й пункт); дома напротив друг друга, шашки движутся "
        "навстречу, как в коротких нардах. С начального пункта можно снимать сколько угодно "
        "шашек за ход.</p>"
        "<p><b>Начало.</b> " + _GREEK_START_RU + "</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; одна шашка может сыграть оба "
        "числа; куш играется четыре раза.</li>"
        "<li><b>Закрытие вместо боя.</b> Шашки не бьются. Встав на одиночную шашку соперника, вы "
        "её <b>закрываете</b>: она остаётся под вашей и не может ходить, пока все ваши шашки не "
        "уйдут с этого пункта. Сверху можно ставить сколько угодно своих шашек. Нельзя вставать "
        "на две и более шашки соперника и на пункт, где закрыта ваша шашка.</li>"
        "<li><b>Материнская шашка.</b> Последняя шашка на вашем начальном пункте — "
        "<b>материнская</b>. Если вы закрыли материнскую шашку соперника, а на вашем начальном "
        "пункте шашек не осталось, вы сразу выигрываете два куша. Если у вас там ещё есть шашки, "
        "игра продолжается: вы выигрываете, как только уведёте последнюю, но если соперник "
        "раньше закроет вашу материнскую шашку, закрыты обе материнские — ничья. Партия "
        "кончается сразу, даже посреди хода; ход, который кончает её с неиспользованным "
        "заром, разрешён, только если нет хода, использующего больше заров.</li>" + _MUST_RU + "</ul>"
        "<p><b>Выброс</b> — как в коротких нардах, когда все 15 шашек в доме, но не пока хотя бы "
        "одна ваша шашка закрыта.</p>"
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает один куш, или два, если "
        "проигравший не выбросил ни одной; закрытие материнской шашки — два куша. Ничья не "
        "приносит очков (следующая партия начинается с броска по одному зару), как и партия, "
        "в которой ни один игрок больше не может сделать ход. Куб традиционно не "
        "используется.</p>"
    ),
}

RULES["gioul"] = {
    "en": (
        "<h3>Gioul</h3>"
        "<p>A game from Turkey and the Middle East. Setup and direction are as in plakoto: each "
        "player's 15 checkers start on the opponent's 1-point (your 24-point) and the players "
        "move towards each other into homes that face each other. Any number of checkers may "
        "leave the start in one turn.</p>"
        "<p><b>Start.</b> " + _GREEK_START_EN + "</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker; one checker may take both "
        "numbers.</li>" + _NOHIT_EN +
        "<li><b>Climbing doubles.</b> A double is played four times and then continues with the "
        "next higher numbers up to six: 3-3 means four 3s, four 4s, four 5s and four 6s; 6-6 is "
        "just four 6s. If you cannot play the whole list, your turn stops at the first number "
        "you cannot play and the <b>opponent plays the rest for himself</b>, in the same order, "
        "as far as he can; then he rolls for his own turn. A number of an ordinary roll that "
        "cannot be played is simply lost.</li>" + _MUST1_EN + "</ul>" + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 if the loser has not "
        "borne off any. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Гиоул</h3>"
        "<p>Игра из Турции и стран Ближнего Востока. Расстановка и направление — как в плакото: "
        "все 15 шашек каждого игрока стоят на первом пункте дома соперника (ваш 24-й пункт), "
        "шашки движутся навстречу друг другу, дома напротив. С начального пункта можно снимать "
        "сколько угодно шашек за ход.</p>"
        "<p><b>Начало.</b> " + _GREEK_START_RU + "</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; одна шашка может сыграть оба "
        "числа.</li>" + _NOHIT_RU +
        "<li><b>Лестница дублей.</b> Дубль играется четыре раза, а затем продолжается следующими "
        "числами до шестёрки: 3-3 — это четыре тройки, четыре четвёрки, четыре пятёрки и четыре "
        "шестёрки; 6-6 — только четыре шестёрки. Если весь список сыграть нельзя, ход "
        "останавливается на первом несыгранном числе, и <b>остаток играет соперник за себя</b> в "
        "том же порядке, сколько сможет; затем он бросает зары для своего хода. Несыгранное "
        "число обычного броска просто пропадает.</li>" + _MUST1_RU + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает 1 очко, или 2, если "
        "проигравший не выбросил ни одной. Куб традиционно не используется.</p>"
    ),
}

RULES["tawula"] = {
    "en": (
        "<h3>Tawula</h3>"
        "<p>Turkish backgammon. Each player starts with two checkers on the first point of his "
        "track, in diagonally opposite corners, and 13 in hand (off the board). Both move "
        "anticlockwise. The first quarter of your track is your <b>starting table</b>, the last "
        "your home.</p>"
        "<p><b>Start.</b> Each player throws one die; the higher plays those two numbers as his "
        "first turn.</p>"
        "<ul><li><b>Entering.</b> A die d puts a checker from the hand on the d-th point of your "
        "starting table (a 1 on the point of your starting pair, a 6 on the sixth). You may not "
        "enter on a point holding any of your own checkers or two or more opposing ones; a single "
        "opposing checker there is hit. Until the hand is empty each number may enter or move an "
        "entered checker, but the starting pair may not move.</li>"
        "<li><b>Hitting and bar.</b> A single checker (blot) is hit by landing on it and goes to "
        "the bar; it must be entered again, by the same rule, before anything else moves. A "
        "double is played four times.</li>"
        "<li><b>Opponent's side.</b> On the opponent's half (the first twelve points of your "
        "track) at most two of your checkers may share a point, except its last point, your "
        "<b>Head</b>. Your own half has no limit.</li>"
        "<li><b>Leave a door.</b> If you hit a checker in the opponent's starting table, at the "
        "end of your turn at least one point of that table must stay open for him to enter.</li>"
        + _MUST_EN + "</ul>" + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point. <b>Capote</b>: if at the "
        "end of your turn you have borne off at least one checker and all your others are home, "
        "while the opponent has exactly one checker on the bar, none in hand and all others home, "
        "you win at once, 7 points. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Тавула</h3>"
        "<p>Турецкие нарды Малой Азии и Египта. У каждого игрока в начале две шашки на первом "
        "пункте его пути, в противоположных по диагонали углах, и 13 шашек в руке (вне доски). "
        "Оба движутся в одну сторону, против часовой стрелки. Первая четверть пути — ваша "
        "<b>стартовая четверть</b>, последняя — дом.</p>"
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот играет эти два "
        "числа как первый ход.</p>"
        "<ul><li><b>Ввод.</b> Число d ставит шашку из руки на d-й пункт стартовой четверти (1 — "
        "на пункт начальной пары, 6 — на шестой). Нельзя вводить на пункт, где есть хоть одна "
        "ваша шашка или две и более шашки соперника; одиночная шашка соперника при этом бьётся. "
        "Пока в руке есть шашки, каждое число можно сыграть вводом или ходом уже введённой "
        "шашки — но начальная пара не ходит, пока не введены все 13.</li>"
        "<li><b>Бой и бар.</b> Одиночная шашка (блот) бьётся и уходит на бар; её нужно ввести "
        "снова по тому же правилу, прежде чем ходить другими. Дубль играется четыре раза.</li>"
        "<li><b>Сторона соперника.</b> На половине соперника (первые двенадцать пунктов вашего "
        "пути) на одном пункте может стоять не больше двух ваших шашек, кроме последнего её "
        "пункта — вашей <b>головы</b>, где можно ставить сколько угодно. На своей половине "
        "ограничений нет.</li>"
        "<li><b>Оставь проход.</b> Если вы побили шашку в стартовой четверти соперника, в конце "
        "хода хотя бы один пункт этой четверти должен остаться открытым для его ввода.</li>"
        + _MUST_RU + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает 1 очко. <b>Капот</b>: если "
        "в конце вашего хода у вас выброшена хотя бы одна шашка и все остальные в доме, а у "
        "соперника ровно одна шашка на баре, ни одной в руке и все остальные в доме, вы сразу "
        "выигрываете 7 очков. Куб традиционно не используется.</p>"
    ),
}

RULES["khachapuri"] = {
    "en": (
        "<h3>Khachapuri</h3>"
        "<p>A Georgian form of long nardy with a different start. Each player has four checkers "
        "on his <b>head</b> (the first point of his track) and eleven on the first point of his "
        "own <b>home</b> (the 6-point). As in long nardy, both players move the same way round "
        "(anticlockwise), the heads are in diagonally opposite corners, and your home is the last "
        "six points of your track.</p>"
        "<p><b>Start.</b> " + _GREEK_START_EN + "</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker; one checker may take both numbers; a "
        "double is played four times. Unlike long nardy, <b>any number of checkers may leave the "
        "head</b> in one turn.</li>" + _NOHIT_EN +
        "<li><b>Six in a row.</b> As in long nardy, you may hold six points in a row only if at "
        "least one opposing checker is already ahead of the block.</li>" + _MUST_EN + "</ul>"
        + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins. He scores the difference: 15 minus "
        "the number of checkers the loser has borne off (from 1 to 15 points). Traditionally no "
        "cube is used.</p>"
    ),
    "ru": (
        "<h3>Хачапури</h3>"
        "<p>Грузинская разновидность длинных нард с другой расстановкой. У каждого игрока четыре "
        "шашки на <b>голове</b> (первом пункте пути) и одиннадцать на первом пункте своего "
        "<b>дома</b> (шестом пункте). Как в длинных нардах, оба движутся в одну сторону (против "
        "часовой стрелки), головы в противоположных по диагонали углах, дом — последняя четверть "
        "пути.</p>"
        "<p><b>Начало.</b> " + _GREEK_START_RU + "</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; одна шашка может сыграть оба "
        "числа; куш играется четыре раза. В отличие от длинных нард, <b>с головы можно брать "
        "сколько угодно шашек</b> за ход.</li>" + _NOHIT_RU +
        "<li><b>Шесть подряд.</b> Как в длинных нардах, заграждение из шести пунктов подряд "
        "можно поставить, только если впереди него уже есть шашка соперника.</li>" + _MUST_RU
        + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Побеждает первый, кто выбросил все 15 шашек. Он получает разницу: 15 "
        "минус число шашек, выброшенных проигравшим (от 1 до 15 очков). Куб традиционно не "
        "используется.</p>"
    ),
}

RULES["jacquet"] = {
    "en": (
        "<h3>Jacquet</h3>"
        "<p>A French game: long nardy with hitting. Each player's 15 checkers start on his "
        "<b>head</b>, the first point of his track; the heads are in diagonally opposite corners "
        "and both players move the same way round (anticlockwise) into their homes, the last six "
        "points of the track.</p>"
        "<p><b>Start.</b> Each player throws one die; the higher gets the first move and White "
        "and throws both dice for it. In a match the colours swap every game.</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker; one checker may take both numbers; a "
        "double is played four times. Any number of checkers (one to four) may leave the head in "
        "a turn.</li>"
        "<li><b>Hitting.</b> As in backgammon, two or more opposing checkers close a point, and "
        "a single opposing checker (a blot) is hit by landing on it and goes to the bar.</li>"
        "<li><b>Bar.</b> While you have a checker on the bar nothing else moves. It re-enters at "
        "the start of your own track: a 1 on your head, a 6 on the sixth point of that quarter, "
        "unless two or more opposing checkers hold it (your own checkers do not block). A "
        "number that cannot enter it is lost.</li>"
        "<li>There is no six-in-a-row restriction: you may build any block.</li>" + _MUST_EN
        + "</ul>" + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 (mars) if the loser "
        "has borne off none. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Жакет</h3>"
        "<p>Французская игра: длинные нарды с боем. Все 15 шашек каждого игрока стоят на его "
        "<b>голове</b> — первом пункте пути; головы в противоположных по диагонали углах, оба "
        "движутся в одну сторону (против часовой стрелки) к своему дому — последней четверти "
        "пути.</p>"
        "<p><b>Начало.</b> Игроки бросают по одному зару; у кого больше, тот получает первый ход "
        "и белые шашки и бросает для него оба зара. В матче цвета каждую партию меняются.</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; одна шашка может сыграть оба "
        "числа; дубль играется четыре раза. С головы за ход можно брать сколько угодно шашек (от "
        "одной до четырёх).</li>"
        "<li><b>Бой.</b> Как в коротких нардах: две и более шашки соперника закрывают пункт, а "
        "одиночную шашку (блот) можно побить — она уходит на бар.</li>"
        "<li><b>Бар.</b> Пока у вас есть шашка на баре, другие не ходят. Её заряжают в начало "
        "своего пути: 1 — на голову, 6 — на шестой пункт первой четверти, если там нет двух и "
        "более шашек соперника (свои шашки не мешают). Число, которым зарядить нельзя, "
        "пропадает.</li>"
        "<li>Правила шести подряд нет: строить можно любые заграждения.</li>" + _MUST_RU
        + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает 1 очко, или 2 (<b>марс</b>), "
        "если проигравший не выбросил ни одной. Куб традиционно не используется.</p>"
    ),
}

_FEVGA_CORE_EN = (
    _LONG_SETUP_EN +
    "<p><b>Start.</b> " + _GREEK_START_EN + "</p>"
    "<ul><li><b>Moving.</b> Each die moves one checker; one checker may take both numbers; a "
    "double is played four times.</li>" + _NOHIT_EN +
    "<li><b>First checker.</b> No second checker may leave the head until your first checker has "
    "passed the opponent's head. After that any number may leave the head.</li>"
    "<li><b>Starting quarter.</b> You may never end your turn with all six points of your "
    "starting quarter (the head and the five points after it) occupied, unless no play can "
    "avoid it.</li>"
    "<li><b>Blocks.</b> Six points in a row are otherwise allowed anywhere, even in front of the "
    "opponent's home. But if all the opponent's checkers still on the board are stuck on the one "
    "point just before your block, you must open it.</li>" + _MUST_EN + "</ul>" + _BEAR_EN)
_FEVGA_CORE_RU = (
    _LONG_SETUP_RU +
    "<p><b>Начало.</b> " + _GREEK_START_RU + "</p>"
    "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; одна шашка может сыграть оба числа; "
    "куш играется четыре раза.</li>" + _NOHIT_RU +
    "<li><b>Первая шашка.</b> Вторую шашку нельзя брать с головы, пока первая не прошла за "
    "голову соперника. После этого с головы можно брать сколько угодно.</li>"
    "<li><b>Своя база.</b> Нельзя заканчивать ход, заняв все шесть пунктов своей первой "
    "четверти (голову и пять пунктов за ней), если этого можно избежать.</li>"
    "<li><b>Заграждения.</b> В остальном шесть пунктов подряд можно занимать где угодно, даже "
    "перед домом соперника. Но если все его оставшиеся на доске шашки стоят на пункте прямо "
    "перед вашим заграждением, вы обязаны его открыть.</li>" + _MUST_RU + "</ul>" + _BEAR_RU)

RULES["fevga"] = {
    "en": (
        "<h3>Fevga</h3>"
        "<p>The third game of Greek tavli, a close relative of long nardy.</p>" + _FEVGA_CORE_EN
        + "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 if the loser has not "
        "borne off any. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Февга</h3>"
        "<p>Третья игра греческого тавли, близкая родственница длинных нард.</p>"
        + _FEVGA_CORE_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает один куш, или два, если "
        "проигравший не выбросил ни одной. Куб традиционно не используется.</p>"
    ),
}

RULES["moultezim"] = {
    "en": (
        "<h3>Moultezim</h3>"
        "<p>The Turkish form of fevga. The rules are those of fevga; the ban on filling all six "
        "points of your starting quarter applies always, whatever the opponent's position.</p>"
        + _FEVGA_CORE_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 if the loser has not "
        "borne off any. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Мультезим</h3>"
        "<p>Турецкая форма февги. Правила те же, что в февге; запрет занимать все шесть пунктов "
        "своей первой четверти действует всегда, где бы ни стояли шашки соперника.</p>"
        + _FEVGA_CORE_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает один куш, или два, если "
        "проигравший не выбросил ни одной. Куб традиционно не используется.</p>"
    ),
}

RULES["gul_bara"] = {
    "en": (
        "<h3>Gul bara</h3>"
        "<p>The \"rose-spring\" or crazy narde of Turkey and Bulgaria, traditionally played in "
        "matches alternating with tapa (plakoto).</p>" + _LONG_SETUP_EN +
        "<p><b>Start.</b> " + _GREEK_START_EN + "</p>"
        "<ul><li><b>Moving.</b> Each die moves one checker; one checker may take both numbers. "
        "Any number of checkers may leave the head in one turn.</li>" + _NOHIT_EN +
        "<li><b>Climbing doubles.</b> In each player's first three turns a double is simply "
        "played four times. From his fourth turn on, a double continues with the higher numbers "
        "up to six: 4-4 means four 4s, four 5s and four 6s. At the first number you cannot play, "
        "the rest of the list is lost.</li>"
        "<li><b>Starting quarter.</b> You may never end your turn with all six points of your "
        "starting quarter (the head and the five points after it) occupied.</li>" + _MUST1_EN
        + "</ul>" + _BEAR_EN +
        "<p><b>Result.</b> The first to bear off all 15 wins 1 point, or 2 if the loser has not "
        "borne off any. Traditionally no cube is used.</p>"
    ),
    "ru": (
        "<h3>Гульбар</h3>"
        "<p>«Розовая весна», или «сумасшедшие нарды», Турции и Болгарии; матч обычно чередует "
        "партии гульбара и тапы (плакото).</p>" + _LONG_SETUP_RU +
        "<p><b>Начало.</b> " + _GREEK_START_RU + "</p>"
        "<ul><li><b>Ход.</b> Каждый зар передвигает одну шашку; одна шашка может сыграть оба "
        "числа. С головы можно брать сколько угодно шашек за ход.</li>" + _NOHIT_RU +
        "<li><b>Лестница кушей.</b> В первые три хода каждого игрока куш играется просто четыре "
        "раза. С четвёртого хода куш продолжается старшими числами до шестёрки: 4-4 — это четыре "
        "четвёрки, четыре пятёрки и четыре шестёрки. На первом числе, которое сыграть нельзя, "
        "остаток пропадает.</li>"
        "<li><b>Своя база.</b> Нельзя заканчивать ход, заняв все шесть пунктов своей первой "
        "четверти (голову и пять пунктов за ней).</li>" + _MUST1_RU + "</ul>" + _BEAR_RU +
        "<p><b>Итог.</b> Кто первым выбросил все 15 шашек, выигрывает один куш, или два, если "
        "проигравший не выбросил ни одной. Куб традиционно не используется.</p>"
    ),
}

# ---------------------------------------------------------------------------------------------
# The options


def _o(title_en, title_ru, en, ru, choices=None):
    entry = {"en": en, "ru": ru, "title": {"en": title_en, "ru": title_ru}}
    if choices:
        entry["choices"] = {value: {"en": pair[0], "ru": pair[1]}
                            for value, pair in choices.items()}
    return entry


OPTIONS = {
    # --- long nardy (CORE_RULES.md 2.8)
    "first_move_dice": _o(
        "Which dice does White play first?",
        "Какими зарами белые ходят первый раз?",
        "After the lot for the first move, White either throws again or plays the two dice of the"
        " lot.",
        "После жребия на первый ход белые либо бросают заново, либо играют двумя зарами жребия.",
        {"reroll": ("White throws both dice again, so the first roll may be a double.",
                    "белые заново бросают оба зара, может выпасть дубль."),
         "lot_dice": ("The two dice of the lot are White's first roll (never a double).",
                      "два зара жребия и есть первый ход белых (дубля не бывает).")}),
    "next_game_starter": _o(
        "Who starts the next game?",
        "Кто начинает следующую партию?",
        "Who moves first in the second and later games of a match or session.",
        "Кто ходит первым во второй и следующих партиях матча.",
        {"alternate": ("Colours swap: the player who had Black takes White and starts.",
                       "цвета меняются: игравший чёрными берёт белые и начинает."),
         "winner": ("The winner of the previous game starts.",
                    "начинает победитель предыдущей партии."),
         "lot": ("A new lot with one die each before every game.",
                 "перед каждой партией новый жребий по одному зару."),
         "opening_roll": ("Every game starts with the opening throw of one die each.",
                          "каждая партия начинается с розыгрыша по одному зару.")}),
    "head_exception": _o(
        "When may two checkers leave the head at the start?",
        "Когда на первом ходу можно снять с головы две шашки?",
        "Only one checker may leave the head per turn; on the first turn some doubles allow two, "
        "since one checker alone would be stopped.",
        "За ход с головы берут одну шашку; на первом ходу некоторые дубли позволяют взять две, "
        "потому что одна шашка упирается в соперника.",
        {"head_obstacle": ("With 6-6, 4-4 or 3-3, if one checker alone is stopped by the "
                           "opponent's head and by nothing earlier (the classic rule).",
                           "при 6-6, 4-4 или 3-3, если одной шашке мешает голова соперника, а не "
                           "другая его шашка раньше (классическое правило)."),
         "list": ("Always with 6-6, 4-4 or 3-3 on the first turn.",
                  "всегда при 6-6, 4-4 или 3-3 на первом ходу."),
         "any_blocked": ("With any double that one checker from the head cannot play in full.",
                         "при любом дубле, который одна шашка с головы не может сыграть "
                         "полностью."),
         "any_double": ("With any double on the first turn.", "при любом дубле на первом ходу."),
         "none": ("Never: one checker from the head, always.",
                  "никогда: всегда только одна шашка с головы.")}),
    "head_exception_rolls": _o(
        "Which doubles let two checkers leave the head?",
        "При каких дублях с головы снимают две шашки?",
        "The doubles that let two checkers leave the head on a player's first turn, where the "
        "head exception allows it.",
        "Дубли, при которых на первом ходу с головы снимают две шашки, если это разрешает "
        "исключение с головы."),
    "block_rule": _o(
        "When may you hold six points in a row?",
        "Когда можно занять шесть пунктов подряд?",
        "Six points in a row shut the opponent in; the classic rule allows them only once one of "
        "his checkers is past.",
        "Шесть пунктов подряд запирают соперника; по классическому правилу это можно, только если"
        " одна его шашка уже впереди.",
        {"ahead": ("Only if at least one opposing checker is already ahead of the block.",
                   "только если впереди заграждения уже есть хотя бы одна шашка соперника."),
         "opp_in_home": ("Only if at least one opposing checker is in his home (or borne off).",
                         "только если хотя бы одна шашка соперника уже в его доме (или "
                         "выброшена)."),
         "none": ("Always (no restriction; for analysis).",
                  "всегда (без ограничения; для анализа).")}),
    "block_check": _o(
        "When is the six-in-a-row rule checked?",
        "Когда проверяется правило шести подряд?",
        "Whether a forbidden six-point block may appear for a moment during a turn.",
        "Можно ли на мгновение закрыть шесть пунктов по ходу в пределах одного хода.",
        {"end_of_turn": ("Only the position at the end of the turn counts; a block made and "
                         "broken within the turn is allowed.",
                         "проверяется только позиция в конце хода; закрыть и сразу открыть "
                         "можно."),
         "every_step": ("Not even in passing: the rule is checked after every single move.",
                        "нельзя даже «пробегом»: правило проверяется после каждого "
                        "передвижения.")}),
    "koks_rule": _o(
        "Is there a koks (triple win)?",
        "Есть ли кокс (тройная победа)?",
        "A koks is a win bigger than mars (3 points); classic long nardy has none.",
        "Кокс — победа больше марса (3 очка); в классических длинных нардах его нет.",
        {"none": ("No koks: only oin and mars.", "кокса нет: только ойн и марс."),
         "head": ("Mars, and the loser still has a checker on his head.",
                  "марс, и у проигравшего ещё есть шашка на голове."),
         "start_quarter": ("Mars, and the loser still has a checker in his starting quarter.",
                           "марс, и у проигравшего есть шашка в первой четверти."),
         "none_home": ("Mars, and none of the loser's checkers has reached his home.",
                       "марс, и ни одна шашка проигравшего не дошла до дома.")}),
    "koks_points": _o(
        "How many points is a koks worth?",
        "Сколько очков даёт кокс?",
        "How many points a koks is worth (multiplied by the cube).",
        "Сколько очков даёт кокс (умножается на куб)."),
    "home_mars_points": _o(
        "How many points is a home mars worth?",
        "Сколько очков даёт домашний марс?",
        "Points for a home mars, a mars where all 15 of the loser's checkers are in his home; 2 "
        "scores it as an ordinary mars.",
        "Очки за домашний марс — марс, при котором все 15 шашек проигравшего в его доме; 2 — "
        "как обычный марс."),
    "last_roll_draw": _o(
        "May Black take a last roll for a draw?",
        "Есть ли у чёрных последний бросок на ничью?",
        "When on, after White bears off his last checker Black gets one more turn, and if he "
        "then bears off all his checkers too the game is a draw.",
        "Если включено, после того как белые выбросили последнюю шашку, чёрные делают ещё один "
        "ход, и если выбрасывают все свои шашки — ничья."),
    "draw_points": _o(
        "What does a draw score?",
        "Сколько очков за ничью?",
        "What each player scores for a draw by the last roll.",
        "Сколько получает каждый игрок при ничьей по последнему броску.",
        {"half": ("Half a point each.", "по пол-очка."),
         "one_each": ("One point each.", "по одному очку.")}),
    "draw_eval": _o(
        "When is oin or mars decided after the last roll?",
        "Когда после последнего броска решается ойн или марс?",
        "Black's extra turn may still bear off a checker and turn a mars into an oin.",
        "Дополнительный ход чёрных может выбросить шашку и превратить марс в ойн.",
        {"after_last_roll": ("After Black's extra turn (it can turn a mars into an oin).",
                             "после дополнительного хода чёрных (он может превратить марс в "
                             "ойн)."),
         "at_white_finish": ("At the moment White bore off his last checker.",
                             "в момент, когда белые выбросили последнюю шашку.")}),
    # --- cube and match (CORE_RULES.md 3.7-3.10)
    "cube_enabled": _o(
        "Play with the doubling cube?",
        "Играть с кубом удвоения?",
        "Before rolling, a player may offer to double the stake; the opponent takes it or gives "
        "up the game.",
        "Перед броском можно предложить удвоить ставку; соперник принимает или сдаёт партию."),
    "max_cube": _o(
        "How high may the cube go?",
        "До какого значения растёт куб?",
        "The highest value the cube may reach (for example 64); 0 means no limit. No double, "
        "beaver or automatic double raises it past this value.",
        "Наибольшее значение куба (например, 64); 0 — без ограничения. Ни удвоение, ни бобр, "
        "ни автоматическое удвоение не поднимают куб выше."),
    "jacoby": _o(
        "Jacoby rule: gammons only after a double?",
        "Правило Джекоби: марс только после удвоения?",
        "Money play: a gammon or backgammon counts only as a single game unless the cube has "
        "been turned.",
        "Игра на очки: марс и кокс считаются простой победой, если куб ни разу не "
        "удваивали."),
    "beaver": _o(
        "May the doubled player redouble at once (beaver)?",
        "Можно ли сразу переудвоить (бобр)?",
        "Money play: a player who is doubled may take and at once redouble, keeping the cube.",
        "Игра на очки: получивший удвоение может принять его и сразу удвоить снова, оставив "
        "куб у себя."),
    "automatic_doubles": _o(
        "How many automatic doubles at the start?",
        "Сколько автоматических удвоений в начале?",
        "Money play: each tie in the opening throw doubles the stake (the cube stays in the "
        "middle), at most this many times; 0 = off.",
        "Игра на очки: каждое равенство при розыгрыше первого хода удваивает ставку (куб "
        "остаётся в центре), не больше указанного числа раз; 0 — выключено."),
    "crawford": _o(
        "Crawford rule: no doubling in the Crawford game?",
        "Правило Кроуфорда: без удвоений в партии Кроуфорда?",
        "Match play: nobody may double in the one game right after a player first comes within "
        "one point of winning the match.",
        "Матч: в партии сразу после того, как одному из игроков впервые осталось одно очко до "
        "победы, удваивать нельзя."),
    "holland": _o(
        "Holland rule: late doubles only after two turns?",
        "Правило Холланда: удвоение только после двух ходов?",
        "Match play: after the Crawford game the trailing player may double only once each "
        "player has played two turns of the game.",
        "Матч: после партии Кроуфорда отстающий может удваивать, только когда каждый игрок "
        "сделал в партии по два хода."),
    "allow_resign": _o(
        "May a player resign?",
        "Можно ли сдаваться?",
        "Whether a player may offer to resign a game (single, gammon/mars or backgammon/koks).",
        "Можно ли предложить сдаться (простая партия, марс или кокс)."),
    # --- Caucasian nardy (CORE_RULES.md 4.2)
    "caucasian_hit_rule": _o(
        "What may a checker that hits in its own home do?",
        "Что может шашка, побившая в своём доме?",
        "A checker that hits a blot in your own home may have to stay exposed for the rest of the"
        " turn.",
        "Шашке, побившей блот в своём доме, может быть запрещено прятаться до конца хода.",
        {"no_hide": ("It may not hide: no landing on your own checkers and no covering it; it "
                     "may stay, run to an empty point or be borne off.",
                     "прятаться нельзя: не вставать к своим и не накрывать её; она может "
                     "стоять, уйти на свободный пункт или быть выброшена."),
         "stay": ("It stays where it hit (it may only be borne off) and may not be covered.",
                  "она остаётся на месте боя (может быть только выброшена), накрывать её "
                  "нельзя."),
         "no_hit": ("Hitting on your own home points is not allowed at all.",
                    "бить на пунктах своего дома вообще нельзя."),
         "none": ("No restriction: plain short nardy.",
                  "без ограничений: как в коротких нардах.")}),
    # --- VARIANT_RULES.md 5a
    "fayles_hit_on_own1": _o(
        "May you hit on your own 1-point?",
        "Можно ли бить на своём первом пункте?",
        "Whether you may hit an opposing blot standing on your own 1-point (pointless: the "
        "victim stays, your hitter is knocked to the far corner).",
        "Можно ли бить блот соперника на своём первом пункте (бессмысленно: побитая остаётся, "
        "а ваша шашка уходит в дальний угол).",
        {"LEGAL": ("Allowed.", "можно."), "ILLEGAL": ("Not allowed.", "нельзя.")}),
    "tourne_rows": _o(
        "How do the two rows face each other?",
        "Как ряды стоят друг против друга?",
        "Each player has a row of twelve points; the two rows run side by side or head to tail.",
        "У каждого игрока ряд из двенадцати пунктов; ряды идут рядом или навстречу друг другу.",
        {"PARALLEL": ("Both rows run the same way: your point k faces the opponent's point k.",
                      "оба ряда идут в одну сторону: ваш пункт k напротив его пункта k."),
         "CONTRARY": ("The rows run in opposite directions: your point k faces his point 13 − k.",
                      "ряды идут навстречу: ваш пункт k напротив его пункта 13 − k.")}),
    "tourne_dice": _o(
        "Which dice are played?",
        "Какие зары играются?",
        "Tourne-case is sometimes played with the lower die only, which makes the game slower.",
        "Иногда в турн-каз играют только меньшим заром — тогда игра идёт медленнее.",
        {"BOTH": ("Both dice (a double counts once).", "оба зара (дубль — один раз)."),
         "LOWER": ("Only the lower die.", "только меньший зар.")}),
    "tourne_overshoot": _o(
        "May a larger number reach the home point?",
        "Можно ли зайти на домашний пункт большим числом?",
        "When on, a larger number than needed may still bring a checker onto the home point.",
        "Если включено, шашку можно завести на домашний пункт и большим числом, чем нужно."),
    "dutch_rule": _o(
        "Which special restriction applies?",
        "Какое особое ограничение действует?",
        "Tricktrack has one special restriction, and the old descriptions disagree on which.",
        "В триктраке есть одно особое ограничение, и старые описания расходятся, какое.",
        {"PRIME": ("No six points in a row until an opposing checker has reached his home.",
                   "нельзя держать шесть пунктов подряд, пока шашка соперника не вошла в "
                   "свой дом."),
         "HOYLE_HIT": ("No hitting (also while entering) until you have a checker in your own "
                       "home or borne off.",
                       "нельзя бить (и при вводе), пока у вас нет шашки в своём доме или "
                       "выброшенной.")}),
    "dutch_entry": _o(
        "Must all 15 checkers enter first?",
        "Нужно ли сначала ввести все 15 шашек?",
        "Whether all 15 checkers must be entered before any checker moves along the board.",
        "Нужно ли ввести все 15 шашек, прежде чем ходить по доске.",
        {"ALL_FIRST": ("All 15 must enter first.", "сначала вводятся все 15."),
         "FREE": ("Entering is optional once begun: you may enter or move (a hit checker must "
                  "still enter first).",
                  "вводить не обязательно: можно вводить или ходить (побитую шашку всё равно "
                  "заряжают первой).")}),
    "russian_rules": _o(
        "Which description of the game is played?",
        "По какому описанию играть?",
        "The old descriptions of Russian tricktrack differ; Hoyle's adds free entering and "
        "climbing doubles.",
        "Старые описания русского триктрака расходятся; у Хойла — свободный ввод и особые дубли.",
        {"SRC": ("Dutch tricktrack on a shared track (this page's rules).",
                 "голландский триктрак на общем пути (правила на этой странице)."),
         "RUSSIAN_HOYLE": ("Hoyle's version: free entering after the first checker; a double "
                           "d-d is four d and then four 7 − d, and the player rolls again.",
                           "версия Хойла: после первой шашки вводить не обязательно; дубль d-d "
                           "— четыре d, затем четыре 7 − d, и игрок бросает снова.")}),
    "russian_backgammon": _o(
        "Does a backgammon (koks) score 3?",
        "Даёт ли кокс 3 очка?",
        "When on, a triple win (nothing borne off and a checker on the bar or on points 19–24) "
        "scores 3; when off, such a loss is an ordinary gammon.",
        "Если включено, кокс (ни одной выброшенной и шашка на баре или на пунктах 19–24) даёт "
        "3 очка; если выключено — это обычный марс."),
    "irish_close": _o(
        "May you close your home while he is on the bar?",
        "Можно ли закрыть дом, когда у соперника шашка на баре?",
        "What happens if a player closes his whole home while the opponent is on the bar.",
        "Что бывает, если закрыть весь дом, когда у соперника шашка на баре.",
        {"FORBID": ("It is simply not allowed.", "так ходить нельзя."),
         "PENALTY": ("Allowed, but the opponent may claim a penalty: both throw a die, the "
                     "higher picks a point of the closed home and all but one of its checkers "
                     "go to the closer's bar.",
                     "можно, но соперник вправе потребовать штраф: оба бросают зар, у кого "
                     "больше, тот выбирает пункт закрытого дома, и все шашки с него, кроме "
                     "одной, уходят на бар закрывшего.")}),
    "irish_bear_off": _o(
        "Which checkers may a number bear off?",
        "Какие шашки может выбросить число?",
        "In Irish a number may bear off a checker from a lower point even while higher ones "
        "remain.",
        "В ирландских нардах число может выбросить шашку с младшего пункта, даже если выше есть "
        "шашки.",
        {"LIBERAL": ("Any checker on the point of that number or lower.",
                     "любую шашку с пункта с тем же номером или младше."),
         "STD": ("As in backgammon.", "как в коротких нардах.")}),
    "bear_off_requires_unpinned": _o(
        "Must every pinned checker be free before bearing off?",
        "Нужно ли освободить закрытые шашки до выброса?",
        "When on, a player may not bear off while any of his checkers is pinned.",
        "Если включено, нельзя выбрасывать, пока хотя бы одна ваша шашка закрыта."),
    "KHACH_SCORE": _o(
        "How is a game scored?",
        "Как считаются очки?",
        "Khachapuri scores by how far behind the loser is; it can also be scored like long nardy.",
        "В хачапури очки зависят от того, насколько отстал проигравший; можно считать и как в "
        "длинных нардах.",
        {"DIFF": ("15 minus the checkers the loser has borne off.",
                  "15 минус число шашек, выброшенных проигравшим."),
         "LN": ("As in long nardy: oin 1, mars 2.", "как в длинных нардах: ойн 1, марс 2.")}),
    "transfer_all_rolls": _o(
        "Do unplayable numbers of every roll pass on?",
        "Переходят ли сопернику несыгранные числа любого броска?",
        "When on, numbers of an ordinary roll that cannot be played also go to the opponent "
        "(the higher first), not only those of a double.",
        "Если включено, несыгранные числа обычного броска тоже переходят к сопернику (сначала "
        "большее), а не только числа дубля."),
    "escalation_lookahead": _o(
        "How is the must-play rule applied to a climbing double?",
        "Как обязательность хода действует на лестницу дублей?",
        "A climbing double gives a long list of numbers to play; checking the whole list is exact"
        " but can take minutes.",
        "Лестница дублей даёт длинный список чисел; проверка всего списка точнее, но может занять"
        " минуты.",
        {"BLOCK": ("Group by group: in each group of four play as many as you can.",
                   "по группам: в каждой четвёрке сыграть сколько можно."),
         "FULL": ("Over the whole list: choose the moves that play the most numbers in total. "
                  "A low double then has tens of thousands of possible plays: slow to compute "
                  "(seconds to minutes) in open positions.",
                  "по всему списку: выбрать ходы, при которых сыграно больше всего чисел. "
                  "У малого дубля тогда десятки тысяч вариантов хода: расчёт медленный "
                  "(от секунд до минут) в открытых позициях.")}),
    "tawula_entry": _o(
        "On which point does a checker enter?",
        "На какой пункт вводится шашка?",
        "Checkers enter from the hand into your starting table; the old descriptions count its "
        "points differently.",
        "Шашки вводятся из руки в стартовую четверть; старые описания по-разному считают её "
        "пункты.",
        {"SRC": ("A die d enters on the d-th point, counting the pair's point as 1, from hand "
                 "and from the bar.",
                 "число d — на d-й пункт, считая пункт начальной пары первым, и из руки, и с "
                 "бара."),
         "FALKENER": ("From the hand the count starts after the pair's point (a 1 enters on the "
                      "next point); from the bar as above.",
                      "из руки счёт идёт от пункта после пары (1 — на следующий пункт); с бара "
                      "— как выше.")}),
    "tawula_far_cap": _o(
        "How many of your checkers may share a point on his side?",
        "Сколько ваших шашек может стоять на пункте соперника?",
        "Your checkers may not pile up on the opponent's side, except on your head point.",
        "На стороне соперника ваши шашки не могут скапливаться, кроме пункта головы.",
        {"2": ("At most two.", "не больше двух."), "1": ("Only one.", "только одна.")}),
    "tawula_head": _o(
        "Which point on his side takes any number of yours?",
        "Какой пункт соперника вмещает сколько угодно ваших шашек?",
        "One point on his side, your head, takes any number of your checkers; the old "
        "descriptions place it differently.",
        "Один пункт на его стороне — ваша голова — вмещает сколько угодно ваших шашек; старые "
        "описания ставят его по-разному.",
        {"13": ("The last point of that side (your 13-point).",
                "последний пункт этой стороны (ваш 13-й)."),
         "19": ("The last point of your starting table (your 19-point).",
                "последний пункт стартовой четверти (ваш 19-й).")}),
    "tawula_open_rule": _o(
        "What must stay open after a hit in his starting table?",
        "Что остаётся открытым после боя в его стартовой четверти?",
        "After your hit he must still be able to come back in; the rule says how much stays open.",
        "После вашего боя соперник должен иметь возможность войти; правило говорит, что остаётся "
        "открытым.",
        {"BROAD": ("At least one point of that table must stay enterable for him.",
                   "хотя бы один пункт этой четверти должен оставаться доступным для ввода."),
         "NARROW": ("Only the point where you hit may not be made (the hitter may run on).",
                    "нельзя лишь занять двумя шашками пункт боя (бьющая может уйти "
                    "дальше).")}),
    "tawula_capote": _o(
        "How many checkers off does a capote need?",
        "Сколько шашек нужно выбросить для капота?",
        "A capote is the biggest win; the old descriptions differ on how many checkers its winner"
        " has borne off.",
        "Капот — самая крупная победа; старые описания расходятся, сколько шашек должен выбросить"
        " победитель.",
        {"AT_LEAST_ONE": ("At least one.", "хотя бы одну."),
         "EXACTLY_ONE": ("Exactly one.", "ровно одну.")}),
    "tawula_lock_lift": _o(
        "When may the starting pair move?",
        "Когда может пойти начальная пара?",
        "The starting pair stays put until every checker has entered from the hand.",
        "Начальная пара стоит на месте, пока все шашки не введены из руки.",
        {"MID_TURN": ("At once, with the remaining numbers of the same turn.",
                      "сразу, оставшимися числами того же хода."),
         "NEXT_TURN": ("From the next turn.", "со следующего хода.")}),
    "jacquet_courier": _o(
        "Play with the courier rule?",
        "Играть с правилом курьера?",
        "When on, while you have no checker in your home a second checker may leave the head "
        "only after the first one (the courier) has reached home.",
        "Если включено, пока у вас нет шашки в доме, вторая шашка может уйти с головы только "
        "после того, как первая (курьер) дошла до дома."),
    "jacquet_backgammon": _o(
        "Does a backgammon (koks) score 3?",
        "Даёт ли кокс 3 очка?",
        "When on, a loser with nothing borne off and a checker on the bar or in the winner's "
        "home loses 3.",
        "Если включено, проигравший без выброшенных шашек и с шашкой на баре или в доме "
        "победителя теряет 3 очка."),
    "fevga_start_table": _o(
        "When may you not fill your whole starting quarter?",
        "Когда нельзя занять всю свою первую четверть?",
        "Filling all six points of your starting quarter would trap the opponent behind them.",
        "Если занять все шесть пунктов своей первой четверти, соперник окажется заперт за ними.",
        {"ALWAYS": ("Always: the six points may never all be occupied.",
                    "всегда: все шесть пунктов занимать нельзя никогда."),
         "ONLY_IF_STUCK": ("Only while all the opponent's checkers stand right before it.",
                           "только пока все шашки соперника стоят прямо перед ней.")}),
    "moultezim_gammon": _o(
        "Does a double win (no checker off) score 2?",
        "Даёт ли двойная победа (ни одной выброшенной) 2 очка?",
        "When on, a loser who has borne off nothing loses 2; when off, every win is 1.",
        "Если включено, проигравший без выброшенных шашек теряет 2; если выключено, любая "
        "победа — 1."),
}

# ---------------------------------------------------------------------------------------------
# Which game has which options, and their defaults

_CUBE_MONEY = ["cube_enabled", "max_cube", "jacoby", "beaver", "automatic_doubles", "crawford",
               "holland", "allow_resign"]
_CUBE_DEFAULTS = {"cube_enabled": "true", "max_cube": "0", "jacoby": "false", "beaver": "false",
                  "automatic_doubles": "0", "crawford": "true", "holland": "false",
                  "allow_resign": "true"}

_NEXT = ["next_game_starter", "allow_resign"]
# games without a cube of their own offer one as an option, off by default
_CUBE_OPTION = ["next_game_starter"] + _CUBE_MONEY
_CUBE_OPTION_NO_AUTO = ["next_game_starter"] + [k for k in _CUBE_MONEY if k != "automatic_doubles"]

GAME_OPTIONS = {
    "long": ["first_move_dice", "next_game_starter", "head_exception", "head_exception_rolls",
             "block_rule", "block_check", "koks_rule", "koks_points", "home_mars_points",
             "last_roll_draw", "draw_points", "draw_eval",
             "cube_enabled", "max_cube", "jacoby", "beaver", "crawford", "holland",
             "allow_resign"],
    "short": _CUBE_MONEY + ["next_game_starter"],
    "caucasian": _CUBE_MONEY + ["next_game_starter", "caucasian_hit_rule"],
    "portes": list(_CUBE_OPTION),
    "longgammon": _CUBE_MONEY + ["next_game_starter"],
    "irish": ["irish_close", "irish_bear_off"] + _CUBE_OPTION,
    "jacquet": ["jacquet_courier", "jacquet_backgammon", "first_move_dice"] + _CUBE_OPTION,
    "dutch_tricktrack": _CUBE_MONEY + ["next_game_starter", "dutch_rule", "dutch_entry"],
    "russian_tricktrack": _CUBE_MONEY + ["next_game_starter", "dutch_rule", "russian_rules",
                                         "russian_backgammon"],
    "fayles": ["fayles_hit_on_own1"] + _CUBE_OPTION_NO_AUTO,
    "tawula": ["tawula_entry", "tawula_far_cap", "tawula_head", "tawula_open_rule",
               "tawula_capote", "tawula_lock_lift", "next_game_starter"],
    "tourne_case": ["tourne_rows", "tourne_dice", "tourne_overshoot", "next_game_starter"],
    "plakoto": ["bear_off_requires_unpinned"] + _CUBE_OPTION,
    "fevga": ["fevga_start_table"] + _CUBE_OPTION,
    "moultezim": ["moultezim_gammon"] + _CUBE_OPTION,
    "gul_bara": ["escalation_lookahead"] + _CUBE_OPTION,
    "gioul": ["transfer_all_rolls", "escalation_lookahead"] + _CUBE_OPTION,
    "khachapuri": ["KHACH_SCORE", "block_rule", "block_check"] + _CUBE_OPTION,
}

_KEY_DEFAULTS = dict(_CUBE_DEFAULTS, **{
    "first_move_dice": "reroll", "next_game_starter": "opening_roll",
    "head_exception": "head_obstacle", "head_exception_rolls": "346", "block_rule": "ahead",
    "block_check": "end_of_turn", "koks_rule": "none", "koks_points": "3",
    "home_mars_points": "2", "last_roll_draw": "false", "draw_points": "half",
    "draw_eval": "after_last_roll", "caucasian_hit_rule": "no_hide",
    "fayles_hit_on_own1": "LEGAL", "tourne_rows": "PARALLEL", "tourne_dice": "BOTH",
    "tourne_overshoot": "false", "dutch_rule": "PRIME", "dutch_entry": "ALL_FIRST",
    "russian_rules": "SRC", "russian_backgammon": "true", "irish_close": "FORBID",
    "irish_bear_off": "LIBERAL", "bear_off_requires_unpinned": "true", "KHACH_SCORE": "DIFF",
    "transfer_all_rolls": "false", "escalation_lookahead": "BLOCK", "tawula_entry": "SRC",
    "tawula_far_cap": "2", "tawula_head": "13", "tawula_open_rule": "BROAD",
    "tawula_capote": "AT_LEAST_ONE", "tawula_lock_lift": "MID_TURN", "jacquet_courier": "false",
    "jacquet_backgammon": "false", "fevga_start_table": "ALWAYS", "moultezim_gammon": "true",
})
_NO_CUBE = {"cube_enabled": "false"}
_WINNER_NO_CUBE = {"next_game_starter": "winner", "cube_enabled": "false"}
_GAME_DEFAULT_OVERRIDES = {
    "long": {"next_game_starter": "alternate", "cube_enabled": "false"},
    "jacquet": {"next_game_starter": "alternate", "cube_enabled": "false"},
    "fayles": _NO_CUBE, "irish": _NO_CUBE,
    "portes": _WINNER_NO_CUBE, "plakoto": _WINNER_NO_CUBE, "khachapuri": _WINNER_NO_CUBE,
    "gioul": _WINNER_NO_CUBE, "fevga": _WINNER_NO_CUBE, "moultezim": _WINNER_NO_CUBE,
    "gul_bara": _WINNER_NO_CUBE,
}

# choices of a shared option that a game does not offer are left out of its listing
_ALTERNATE_STARTS = ("alternate", "winner", "lot")
_GAME_CHOICES = {
    ("long", "next_game_starter"): _ALTERNATE_STARTS,
    ("jacquet", "next_game_starter"): _ALTERNATE_STARTS,
}
_DEFAULT_CHOICES = {"next_game_starter": ("opening_roll", "winner")}

DEFAULTS = {
    game: {key: _GAME_DEFAULT_OVERRIDES.get(game, {}).get(key, _KEY_DEFAULTS[key]) for key in keys}
    for game, keys in GAME_OPTIONS.items()
}

# ---------------------------------------------------------------------------------------------
# Each choice in a few words (what a list of choices shows), and the words of number and die-set
# options. Merged into ``OPTIONS`` below: each named choice gets ``"words": {"en", "ru"}``.

_CHOICE_WORDS = {
    "first_move_dice": {"reroll": ("A new throw of both dice", "Новый бросок обоих заров"),
                        "lot_dice": ("The two dice of the lot", "Два зара жребия")},
    "next_game_starter": {
        "alternate": ("The players take turns (colours swap)", "По очереди (цвета меняются)"),
        "winner": ("The winner of the last game", "Прошлый победитель"),
        "lot": ("A new lot before each game", "Новый жребий перед каждой партией"),
        "opening_roll": ("An opening throw of one die each", "Розыгрыш по одному зару")},
    "head_exception": {
        "head_obstacle": ("6-6, 4-4, 3-3 if his head blocks", "6-6, 4-4, 3-3, если мешает голова"),
        "list": ("Always with 6-6, 4-4, 3-3", "Всегда при 6-6, 4-4, 3-3"),
        "any_blocked": ("Any double one checker cannot play", "Любой дубль, который не сыграть "
                        "одной шашкой"),
        "any_double": ("Any double", "Любой дубль"),
        "none": ("Never", "Никогда")},
    "block_rule": {
        "ahead": ("Only with his checker ahead", "Если впереди есть его шашка"),
        "opp_in_home": ("Only once his checker is home", "Когда его шашка уже в доме"),
        "none": ("Always", "Всегда")},
    "block_check": {"end_of_turn": ("At the end of the turn", "В конце хода"),
                    "every_step": ("After every single move", "После каждого передвижения")},
    "koks_rule": {
        "none": ("No koks", "Кокса нет"),
        "head": ("Yes: mars and a checker on his head", "Да: марс и шашка на голове"),
        "start_quarter": ("Yes: mars and a checker in his first quarter",
                          "Да: марс и шашка в первой четверти"),
        "none_home": ("Yes: mars and no checker home", "Да: марс и ни одной шашки в доме")},
    "draw_points": {"half": ("Half a point each", "По пол-очка"),
                    "one_each": ("One point each", "По одному очку")},
    "draw_eval": {"after_last_roll": ("After Black's last roll", "После последнего броска чёрных"),
                  "at_white_finish": ("When White bore off his last checker",
                                      "Когда белые выбросили последнюю шашку")},
    "caucasian_hit_rule": {
        "no_hide": ("It may not hide", "Прятаться ей нельзя"),
        "stay": ("It stays where it hit", "Она остаётся на месте боя"),
        "no_hit": ("No hitting in your own home", "В своём доме бить нельзя"),
        "none": ("Anything, as in short nardy", "Что угодно, как в коротких нардах")},
    "fayles_hit_on_own1": {"LEGAL": ("Yes", "Да"), "ILLEGAL": ("No", "Нет")},
    "tourne_rows": {"PARALLEL": ("Side by side, the same way", "Рядом, в одну сторону"),
                    "CONTRARY": ("Head to tail, opposite ways", "Навстречу друг другу")},
    "tourne_dice": {"BOTH": ("Both dice", "Оба зара"),
                    "LOWER": ("Only the lower die", "Только меньший зар")},
    "dutch_rule": {"PRIME": ("No six points in a row", "Нельзя шесть пунктов подряд"),
                   "HOYLE_HIT": ("No hitting before a checker is home (Hoyle)",
                                 "Нельзя бить, пока нет шашки в доме (Хойл)")},
    "dutch_entry": {"ALL_FIRST": ("Yes, all 15 first", "Да, сначала все 15"),
                    "FREE": ("No, enter or move as you like", "Нет, можно вводить или ходить")},
    "russian_rules": {"SRC": ("Dutch tricktrack on a shared track",
                              "Голландский триктрак на общем пути"),
                      "RUSSIAN_HOYLE": ("Hoyle's version", "Версия Хойла")},
    "irish_close": {"FORBID": ("No", "Нет"), "PENALTY": ("Yes, with a penalty", "Да, со штрафом")},
    "irish_bear_off": {"LIBERAL": ("Any checker on its point or lower",
                                   "Любую с его пункта или младше"),
                       "STD": ("As in backgammon", "Как в коротких нардах")},
    "KHACH_SCORE": {"DIFF": ("15 minus the loser's checkers off",
                             "15 минус выброшенные шашки проигравшего"),
                    "LN": ("As in long nardy: 1 or 2", "Как в длинных нардах: 1 или 2")},
    "escalation_lookahead": {"BLOCK": ("Group by group of four (fast)",
                                       "По четвёркам (быстро)"),
                             "FULL": ("Over the whole list (slow)", "По всему списку (медленно)")},
    "tawula_entry": {"SRC": ("Counting the pair's point as the first",
                             "Считая пункт пары первым"),
                     "FALKENER": ("From hand, counting after the pair (Falkener)",
                                  "Из руки — считая после пары (Фолкнер)")},
    "tawula_far_cap": {"2": ("Two", "Две"), "1": ("One", "Одна")},
    "tawula_head": {"13": ("Your 13-point (the last of his side)", "Ваш 13-й (край его стороны)"),
                    "19": ("Your 19-point (the last of your starting table)",
                           "Ваш 19-й (край стартовой четверти)")},
    "tawula_open_rule": {"BROAD": ("A point he can enter on", "Пункт, куда он может войти"),
                         "NARROW": ("Only the point of the hit", "Только пункт боя")},
    "tawula_capote": {"AT_LEAST_ONE": ("At least one", "Хотя бы одну"),
                      "EXACTLY_ONE": ("Exactly one", "Ровно одну")},
    "tawula_lock_lift": {"MID_TURN": ("At once, in the same turn", "Сразу, в том же ходе"),
                         "NEXT_TURN": ("From the next turn", "Со следующего хода")},
    "fevga_start_table": {"ALWAYS": ("Never: it may not be filled", "Никогда: занимать нельзя"),
                          "ONLY_IF_STUCK": ("When all his checkers wait right before it",
                                            "Когда все его шашки стоят прямо перед ней")},
}

for _key, _words in _CHOICE_WORDS.items():
    for _value, (_en, _ru) in _words.items():
        OPTIONS[_key]["choices"][_value]["words"] = {"en": _en, "ru": _ru}

# The values a number or die-set option offers in a list (a value in force outside them is
# added), and how each reads: ``{key: (values, kind of words)}``.
NUMBER_CHOICES = {
    "max_cube": ((0, 2, 4, 8, 16, 32, 64, 128, 256), "limit"),
    "automatic_doubles": ((0, 1, 2, 3, 4), "times"),
    "koks_points": ((2, 3, 4, 5, 6), "points"),
    "home_mars_points": ((1, 2, 3, 4), "points"),
}
DIESET_CHOICES = {
    "head_exception_rolls": ((3, 4, 6), (4, 6), (6,), (3, 4, 5, 6), (1, 2, 3, 4, 5, 6), ()),
}

# Where each rule is written down (shown only inside "Where this rule comes from").
_LONG_KEYS = ("first_move_dice", "next_game_starter", "head_exception", "head_exception_rolls",
              "block_rule", "block_check", "koks_rule", "koks_points", "home_mars_points",
              "last_roll_draw", "draw_points", "draw_eval")


def _source_of(key, lang="en") -> str:
    """The rule book and the part of it that writes the option down."""
    ru = lang == "ru"
    if key in _LONG_KEYS:
        return "CORE_RULES.md, " + ("таблица 2.8" if ru else "table 2.8")
    if key in _CUBE_DEFAULTS:
        return "CORE_RULES.md, " + ("разделы 3.7–3.11" if ru else "sections 3.7–3.11")
    if key == "caucasian_hit_rule":
        return "CORE_RULES.md, " + ("раздел 4.2" if ru else "section 4.2")
    return "VARIANT_RULES.md, " + ("раздел 5a" if ru else "section 5a")


# ---------------------------------------------------------------------------------------------
# Rendering

_WORDS = {
    "en": {"options": "Options", "no_options": "This game has no options.",
           "default": "usual", "now": "in this game", "yes": "Yes", "no": "No",
           "usually": "Usually", "unknown_option": "no explanation yet.",
           "source": "Where this rule comes from", "written": "Written down in",
           "spec": "Note in the rules", "engine": "Setting in the program",
           "unknown_game": "There is no rules text for this game yet.",
           "no_limit": "No limit", "up_to": "Up to {n}", "off": "None",
           "times": "At most {n}", "once": "Once", "point": "{n} point", "points": "{n} points",
           "no_double": "No double", "any_double": "Any double", "and": "and"},
    "ru": {"options": "Варианты правил", "no_options": "У этой игры нет вариантов правил.",
           "default": "обычно", "now": "в этой партии", "yes": "Да", "no": "Нет",
           "usually": "Обычно", "unknown_option": "описания пока нет.",
           "source": "Откуда это правило", "written": "Записано в",
           "spec": "Примечание в правилах", "engine": "Настройка в программе",
           "unknown_game": "Для этой игры описания правил пока нет.",
           "no_limit": "Без ограничения", "up_to": "До {n}", "off": "Ни одного",
           "times": "Не больше {n}", "once": "Одно", "point": "{n} очко",
           "points": "{n} очка", "points5": "{n} очков",
           "no_double": "Ни один дубль", "any_double": "Любой дубль", "and": "и"},
}

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"}


def _esc(value) -> str:
    try:
        text = value if isinstance(value, str) else str(value)
    except Exception:  # noqa: BLE001 - a value whose str() fails is shown as '?'
        text = "?"
    return "".join(_ESCAPES.get(c, c) for c in text)


def _lang(lang) -> str:
    return lang if isinstance(lang, str) and lang in ("en", "ru") else "en"


def _text(value) -> str:
    """A value as the engine writes it: True -> 'true', {6, 3, 4} -> '346'."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (set, frozenset)):
        try:
            return "".join(str(v) for v in sorted(value))
        except TypeError:
            return ",".join(sorted(str(v) for v in value))
    return str(value)


def _same(a, b) -> bool:
    return _text(a).strip().lower() == _text(b).strip().lower()


def _option_keys(game, options):
    """``[(key, choices, default)]`` from whatever the caller passed as ``options``; choices and
    default are None unless an ``Option`` declaration says them."""
    if options is None:
        return [(k, None, None) for k in GAME_OPTIONS.get(game, [])]
    specs = getattr(options, "specs", None)  # an OptionSet
    if specs is not None:
        options = specs
    if isinstance(options, (str, bytes)):
        options = [options]
    keys, seen = [], set()
    try:
        for item in options:  # a dict iterates over its keys
            key = getattr(item, "key", item)
            if isinstance(key, bytes):
                key = key.decode("utf-8", "replace")
            if isinstance(key, str) and key and key not in seen:
                seen.add(key)
                choices = getattr(item, "choices", None)  # an Option declares its choices
                choices = tuple(choices) if isinstance(choices, (tuple, list)) and choices else None
                default = None
                if hasattr(item, "default") and hasattr(item, "format"):  # and its default
                    try:
                        default = str(item.format(item.default))
                    except Exception:  # noqa: BLE001 - fall back on the table
                        default = None
                keys.append((key, choices, default))
    except TypeError:
        return [(k, None, None) for k in GAME_OPTIONS.get(game, [])]
    return keys


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _offered(key, game, entry, choices=None):
    """The (name, texts) pairs of ``key``'s choices that ``game`` offers."""
    named = entry.get("choices", {})
    if choices is None:
        choices = _GAME_CHOICES.get((game, key), _DEFAULT_CHOICES.get(key))
    if choices is None:
        return list(named.items())
    wanted = {_text(c).lower() for c in choices}
    picked = [(n, t) for n, t in named.items() if n.lower() in wanted]
    return picked or list(named.items())


def _choice(entry, value):
    for name, texts in entry.get("choices", {}).items():
        if _same(name, value):
            return name, texts
    return None, None


def _dice(value):
    """A die set as a sorted tuple of faces, from a set, a list or its text ('346', 'none')."""
    if isinstance(value, (set, frozenset, list, tuple)):
        faces = value
    else:
        text = str(value).strip().lower()
        faces = [] if text in ("none", "") else [c for c in text if c.isdigit()]
    try:
        return tuple(sorted({int(f) for f in faces if 1 <= int(f) <= 6}))
    except (TypeError, ValueError):
        return ()


def _dice_text(faces) -> str:
    return "".join(str(f) for f in faces) or "none"


def dieset_words(faces, lang="en") -> str:
    """A set of doubles in words: (3, 4, 6) -> '3-3, 4-4 and 6-6'."""
    words = _WORDS[_lang(lang)]
    faces = _dice(faces)
    if not faces:
        return words["no_double"]
    if len(faces) == 6:
        return words["any_double"]
    names = ["%d-%d" % (f, f) for f in faces]
    if len(names) == 1:
        return names[0]
    return "%s %s %s" % (", ".join(names[:-1]), words["and"], names[-1])


def number_words(key, value, lang="en") -> str:
    """A number option's value in words: max_cube 0 -> 'No limit', koks_points 3 -> '3 points'."""
    words = _WORDS[_lang(lang)]
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        return _text(value)
    how = NUMBER_CHOICES.get(key, ((), ""))[1]
    if how == "limit":
        return words["no_limit"] if n == 0 else words["up_to"].format(n=n)
    if how == "times":
        if n == 0:
            return words["off"]
        return words["once"] if n == 1 else words["times"].format(n=n)
    if how == "points":
        if lang == "ru":
            form = "point" if n % 10 == 1 and n % 100 != 11 else (
                "points" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "points5")
        else:
            form = "point" if n == 1 else "points"
        return words[form].format(n=n)
    return str(n)


def _kind(key, spec, default):
    kind = getattr(spec, "kind", None)
    if kind in ("bool", "choice", "int", "dieset"):
        return kind
    if key in NUMBER_CHOICES:
        return "int"
    if key in DIESET_CHOICES:
        return "dieset"
    if OPTIONS.get(key, {}).get("choices"):
        return "choice"
    return "bool" if str(default).lower() in ("true", "false") else "choice"


def _norm(kind, value):
    """A value as the engine writes it, for comparisons."""
    if value is None:
        return None
    if kind == "dieset":
        return _dice_text(_dice(value))
    if kind == "bool":
        text = _text(value).strip().lower()
        return "true" if text in ("true", "on", "yes", "1") else "false"
    return _text(value).strip()


def option_field(key, lang="en", game=None, spec=None, value=None, choices=None, default=None):
    """What a player reads of one option, as a dict (see ``option_fields``); ``spec`` (optional)
    an ``Option`` declaration, else ``OPTIONS``/``DEFAULTS`` say what there is to say."""
    lang = _lang(lang)
    words = _WORDS[lang]
    entry = OPTIONS.get(key) if isinstance(key, str) else None
    if default is None and spec is not None and hasattr(spec, "format"):
        try:
            default = spec.format(spec.default)
        except Exception:  # noqa: BLE001 - fall back on the table
            default = None
    if default is None:
        default = DEFAULTS.get(game, {}).get(key, _KEY_DEFAULTS.get(key)) if isinstance(
            game, str) else _KEY_DEFAULTS.get(key)
    kind = _kind(key, spec, default)
    default = _norm(kind, default)
    value = _norm(kind, value) if value is not None else default
    if choices is None and spec is not None:
        declared = getattr(spec, "choices", None)
        choices = tuple(declared) if isinstance(declared, (tuple, list)) and declared else None
    field = {"key": key, "kind": {"bool": "yesno", "int": "number"}.get(kind, kind),
             "question": entry["title"][lang] if entry else str(key),
             "explanation": entry[lang] if entry else words["unknown_option"],
             "value": value, "default": default, "choices": []}
    listed = []
    if kind == "bool":
        listed = [("true", words["yes"]), ("false", words["no"])]
    elif kind == "int":
        values = list(NUMBER_CHOICES.get(key, ((), ""))[0])
        for extra in (default, value):
            try:
                if extra is not None and int(extra) not in values:
                    values.append(int(extra))
            except (TypeError, ValueError):
                pass
        listed = [(str(n), number_words(key, n, lang)) for n in sorted(values)]
    elif kind == "dieset":
        sets = [_dice_text(f) for f in DIESET_CHOICES.get(key, ())]
        for extra in (default, value):
            if extra is not None and extra not in sets:
                sets.append(extra)
        listed = [(d, dieset_words(d, lang)) for d in sets]
    elif entry is not None and entry.get("choices"):
        for name, texts in _offered(key, game, entry, choices):
            shown = texts.get("words", {}).get(lang) or _cap(texts[lang]).rstrip(".")
            listed.append((name, shown))
        if choices:  # the engine's spelling of each value (the form posts it back)
            spelled = {_text(c).lower(): _text(c) for c in choices}
            listed = [(spelled.get(n.lower(), n), w) for n, w in listed]
    elif choices:
        listed = [(_text(c), _text(c)) for c in choices]
    for name, shown in listed:
        field["choices"].append({"value": name, "words": shown,
                                 "default": default is not None and _same(name, default),
                                 "sentence": _choice_sentence(entry, name, lang)})
    field["default_words"] = next((c["words"] for c in field["choices"] if c["default"]),
                                  _text(default) if default is not None else "")
    field["value_words"] = next((c["words"] for c in field["choices"]
                                 if value is not None and _same(c["value"], value)),
                                _text(value) if value is not None else "")
    source = [(words["written"], _source_of(key, lang))]
    doc = getattr(spec, "doc", "") if spec is not None else ""
    if isinstance(doc, str) and doc.strip():
        source.append((words["spec"], doc.strip()))
    setting = "%s = %s" % (key, value if value is not None else "")
    if listed and kind != "bool":
        setting += " (%s)" % ", ".join(n for n, _ in listed)
    source.append((words["engine"], setting))
    field["source"] = source
    return field


def _choice_sentence(entry, name, lang) -> str:
    if entry is None:
        return ""
    _, texts = _choice(entry, name)
    return _cap(texts[lang]) if texts else ""


def _specs_by_key(options) -> dict:
    """The ``Option`` declarations among ``options`` (an ``OptionSet``, a list...), by key."""
    found = {}
    try:
        items = getattr(options, "specs", options)
        if isinstance(items, (str, bytes, dict)) or items is None:
            return found
        for item in items:
            if hasattr(item, "key") and hasattr(item, "kind") and isinstance(item.key, str):
                found[item.key] = item
    except TypeError:
        return {}
    return found


def option_fields(game, lang="en", specs=None, values=None, keys=None) -> list:
    """The rule options of ``game`` as a player reads them, in ``lang``: a list of dicts
    ``{key, kind, question, explanation, value, default, choices, default_words, value_words,
    source}``. ``kind``: ``"yesno"``, ``"choice"``, ``"number"`` or ``"dieset"``; ``choices``:
    ``[{value, words, default, sentence}]`` (``value`` as the engine writes it, for a form to
    post back; ``words`` what the player reads); ``source``: ``[(label, text)]`` for the
    collapsed "where this rule comes from" detail, the only place a spec reference or an option
    key is shown. ``specs``: the game's ``Option`` declarations (``variant.options.specs``), else
    ``GAME_OPTIONS`` lists the options; ``values``: ``{key: value}`` (text or the engine's value)
    in force; ``keys``: only these options, in this order."""
    lang = _lang(lang)
    current = values if isinstance(values, dict) else {}
    listed = _option_keys(game, specs)
    by_key = _specs_by_key(specs)
    if keys is not None:
        known = {k: (c, d) for k, c, d in listed}
        listed = [(k, known.get(k, (None, None))[0], known.get(k, (None, None))[1]) for k in keys]
    return [option_field(k, lang, game, by_key.get(k), current.get(k), c, d)
            for k, c, d in listed]


def source_html(field, lang="en") -> str:
    """The collapsed "where this rule comes from" detail of a field."""
    words = _WORDS[_lang(lang)]
    lines = "".join("<li>%s: %s</li>" % (_esc(label), _esc(text))
                    for label, text in field["source"])
    return ('<details class="rule-src"><summary>%s</summary><ul>%s</ul></details>'
            % (_esc(words["source"]), lines))


def option_text(key, lang="en", game=None, value=None, choices=None, default=None,
                spec=None, sources=False) -> str:
    """One option as an HTML ``<li>``: its question, explanation, choices in words (the usual
    one marked) and, where ``value`` is given and differs from the game's default, the value in
    force in words. ``choices`` (optional): the values the game offers, where it offers fewer
    than ``OPTIONS`` explains; ``default`` (optional, text): the game's default, else
    ``DEFAULTS`` says it. ``sources``: add the collapsed "where this rule comes from" detail."""
    lang = _lang(lang)
    words = _WORDS[lang]
    if not isinstance(key, str) or key not in OPTIONS:
        return "<li><b>%s</b>: %s</li>" % (_esc(key), words["unknown_option"])
    field = option_field(key, lang, game, spec, value, choices, default)
    parts = ["<li><b>%s</b> %s" % (_esc(field["question"]), _esc(field["explanation"]))]
    if field["kind"] == "choice":
        parts.append("<ul>")
        for choice in field["choices"]:
            mark = " (%s)" % words["default"] if choice["default"] else ""
            sentence = choice["sentence"]
            sentence = ": %s" % _esc(sentence) if sentence and sentence.rstrip(
                ".") != choice["words"] else ""
            parts.append("<li><b>%s</b>%s%s</li>" % (_esc(choice["words"]), mark, sentence))
        parts.append("</ul>")
    elif field["default_words"]:
        parts.append(" (%s: %s)" % (words["usually"].lower() if lang == "en" else
                                   words["usually"].lower(), _esc(field["default_words"])))
    if value is not None and field["default"] is not None and not _same(field["value"],
                                                                         field["default"]):
        parts.append("<p><b>%s: %s</b></p>" % (words["now"], _esc(field["value_words"])))
    if sources:
        parts.append(source_html(field, lang))
    parts.append("</li>")
    return "".join(parts)


def rules_html(game_key, lang="en", options=None, values=None, sources=False) -> str:
    """The rules of ``game_key`` in ``lang`` with an options section; never raises."""
    lang = _lang(lang)
    words = _WORDS[lang]
    try:
        game = game_key if isinstance(game_key, str) else None
        texts = RULES.get(game) if game is not None else None
        if texts is None:
            return "<p>%s</p>" % words["unknown_game"]
        keys = _option_keys(game, options)
        specs = _specs_by_key(options)
        current = values if isinstance(values, dict) else {}
        out = [texts[lang], "<h3>%s</h3>" % words["options"]]
        if keys:
            out.append("<ul>")
            out.extend(option_text(k, lang, game, current.get(k), c, d, specs.get(k), sources)
                       for k, c, d in keys)
            out.append("</ul>")
        else:
            out.append("<p>%s</p>" % words["no_options"])
        return "".join(out)
    except Exception:  # noqa: BLE001 - the panel must always show something
        texts = RULES.get(game_key) if isinstance(game_key, str) else None
        return texts[lang] if texts else "<p>%s</p>" % words["unknown_game"]


def rules_panel_html(variant, lang="en") -> str:
    """The Rules panel's text for the game on the board (a ``Variant``): the game's rules, then
    each of its options as a question with its choices in words, the usual one marked, the value
    in force where it differs, and the collapsed "where this rule comes from" detail."""
    try:
        specs = variant.options.specs
        values = dict(variant.options.values)
    except Exception:  # noqa: BLE001 - a game without options still has rules
        specs, values = None, None
    return rules_html(getattr(variant, "key", variant), lang, specs, values, sources=True)


def rules_in_force(variant, lang="en") -> list:
    """The options of the game on the board that are not its usual ones, as a player reads
    them: ``[(question, the value in words), …]`` (empty for the usual rules). The page shows
    them in a line under the board that opens the Rules panel."""
    specs = list(variant.options.specs)
    changed = variant.options.non_default()
    if not changed:
        return []
    by_key = {o.key: o for o in specs}
    values = {k: by_key[k].format(v) for k, v in changed.items() if k in by_key}
    return [(f["question"], f["value_words"]) for f in option_fields(
        variant.key, lang, specs, values, keys=[k for k in values])]
