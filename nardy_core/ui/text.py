"""What the page says, in English and Russian: one catalogue, ``tr(lang, key, **params)``.

Engine errors carry a stable code (errors.py); ``error_text`` shows the code's own sentence
where the catalogue has one and falls back on the engine's English message otherwise.
"""

from __future__ import annotations

LANGUAGES = ("en", "ru")

# key: (English, Russian); {name} placeholders are filled from params.
CATALOGUE = {
    "app_title": ("Nardy", "Нарды"),
    "loading": ("Loading…", "Загрузка…"),
    "white": ("White", "Белые"),
    "black": ("Black", "Чёрные"),
    "human": ("Person", "Человек"),
    "beginner": ("Bot: beginner", "Бот: новичок"),
    "intermediate": ("Bot: intermediate", "Бот: любитель"),
    "strong": ("Bot: strong", "Бот: сильный"),
    # buttons
    "new_game": ("New game", "Новая игра"),
    "roll": ("Roll", "Бросить"),
    "done": ("Done", "Готово"),
    "undo": ("Undo", "Отменить"),
    "double": ("Double", "Удвоить"),
    "resign": ("Resign", "Сдаться"),
    "flip": ("Flip board", "Перевернуть"),
    "numbers": ("Point numbers", "Номера пунктов"),
    "language": ("Русский", "English"),
    "language_name": ("Language", "Язык"),
    "next_game": ("Next game", "Следующая партия"),
    "new_match": ("New match", "Новый матч"),
    "take": ("Take", "Принять"),
    "drop": ("Drop", "Отказаться"),
    "beaver": ("Beaver", "Бобр"),
    "accept": ("Accept", "Принять"),
    "decline": ("Decline", "Отклонить"),
    "cancel": ("Cancel", "Отмена"),
    "start": ("Start", "Начать"),
    "settings": ("Settings", "Настройки"),
    "close": ("Close", "Закрыть"),
    "resume": ("Resume", "Продолжить"),
    "delete": ("Delete", "Удалить"),
    "reload": ("Reload", "Обновить"),
    "moves": ("Moves", "Ходы"),
    # status line
    "to_roll": ("{player} to roll", "{player}: бросок"),
    "to_move": ("{player} to move {dice}", "{player}: ход {dice}"),
    "to_answer_double": ("{player}: the cube is offered at {value}. Take or drop?",
                         "{player}: предложено удвоение до {value}. Принять или отказаться?"),
    "to_answer_resign": ("{player}: {other} offers to resign ({kind}). Accept?",
                         "{player}: {other} предлагают сдаться ({kind}). Принять?"),
    "thinking": ("{player} is thinking…", "{player} думают…"),
    "choose_way": ("Two ways to play this: choose one", "Этот ход можно сыграть двумя "
                   "способами: выберите"),
    "pips": ("pips {count}", "пипсы {count}"),
    "score": ("Score {white}–{black}", "Счёт {white}–{black}"),
    "match_to": ("match to {length}", "матч до {length}"),
    "money": ("money game", "игра на очки"),
    "crawford_game": ("Crawford game", "партия Кроуфорда"),
    "on_move": ("on move", "ходят"),
    # results
    "single": ("single game", "простая победа"),
    "gammon": ("gammon", "марс (гаммон)"),
    "backgammon": ("backgammon", "кокс (бэкгаммон)"),
    "oin": ("oin", "ойн"),
    "mars": ("mars", "марс"),
    "koks": ("koks", "кокс"),
    "home_mars": ("home mars", "домашний марс"),
    "result_win": ("{winner} win {points} {points_word}: {how}",
                   "{winner} выигрывают {points} {points_word}: {how}"),
    "result_draw": ("Draw", "Ничья"),
    "how_drop": ("the double was dropped", "от удвоения отказались"),
    "how_resign": ("resignation ({kind})", "сдача ({kind})"),
    "point_word": ("point|points", "очко|очка|очков"),
    "match_won": ("{winner} win the match {a}–{b}", "{winner} выигрывают матч {a}–{b}"),
    # move list
    "log_opening": ("Opening throw {throws}: {colour} start", "Розыгрыш {throws}: начинают {colour}"),
    "log_play": ("{colour} {dice}: {play}", "{colour} {dice}: {play}"),
    "log_pass": ("{colour} {dice}: no move", "{colour} {dice}: хода нет"),
    "log_double": ("{colour} double to {value}", "{colour} удваивают до {value}"),
    "log_take": ("{colour} take", "{colour} принимают"),
    "log_beaver": ("{colour} beaver", "{colour} бобр"),
    "log_drop": ("{colour} drop", "{colour} отказываются"),
    "log_resign": ("{colour} offer to resign ({kind})", "{colour} предлагают сдаться ({kind})"),
    "log_accept": ("{colour} accept", "{colour} принимают"),
    "log_decline": ("{colour} decline", "{colour} отклоняют"),
    # notices (live region)
    "no_move": ("{colour} cannot move with {dice}: the turn passes",
                "{colour}: с {dice} хода нет, ход переходит"),
    "forced": ("Forced move for {colour}: {play}", "Вынужденный ход {colour}: {play}"),
    "illegal_drop": ("That move is not legal: the checker goes back",
                     "Так ходить нельзя: шашка возвращается"),
    "illegal_target": ("Not a legal destination", "Сюда ходить нельзя"),
    "moved": ("{colour}: {play}", "{colour}: {play}"),
    "selected": ("Checker on {where} picked: choose where to move it",
                 "Выбрана шашка на {where}: выберите, куда ходить"),
    "restored": ("Your game was restored", "Партия восстановлена"),
    "corrupt_save": ("A saved game could not be read and was discarded ({detail})",
                     "Сохранённую партию не удалось прочитать, она удалена ({detail})"),
    "new_version": ("A new version of Nardy is available", "Доступна новая версия"),
    "bot_failed": ("The bot could not move: {detail}", "Бот не смог сделать ход: {detail}"),
    # new game dialog
    "game": ("Game", "Игра"),
    "players": ("Players", "Игроки"),
    "match_length": ("Match length (0 = single games for points)",
                     "Длина матча (0 — игра на очки)"),
    "player_n": ("Player {n}", "Игрок {n}"),
    "rules": ("Rules", "Правила"),
    "game_n": ("Game {n}", "Партия {n}"),
    "you": ("you", "вы"),
    "saved_games": ("Unfinished games on this device", "Незаконченные партии на этом устройстве"),
    "opt_head_exception": ("Head exception (first move, more than one checker from the head)",
                           "Исключение с головы (первый ход: две шашки с головы)"),
    "opt_block_rule": ("Six-block rule", "Правило шести в ряд (заборы)"),
    "opt_koks_rule": ("Koks (triple win)", "Кокс (тройная победа)"),
    "opt_last_roll_draw": ("Last roll: Black may finish for a draw",
                           "Последний бросок: чёрные могут свести вничью"),
    "opt_cube_enabled": ("Doubling cube", "Куб удвоения"),
    "opt_crawford": ("Crawford rule", "Правило Кроуфорда"),
    "opt_caucasian_hit_rule": ("Caucasian hitting rule", "Правило боя (кавказские)"),
    "pref_auto_roll": ("Roll automatically when no double is possible",
                       "Бросать кости автоматически, если удвоить нельзя"),
    "pref_auto_confirm": ("End the turn without pressing Done",
                          "Завершать ход без кнопки «Готово»"),
    "pref_auto_forced": ("Play forced moves automatically", "Вынужденные ходы — автоматически"),
    "pref_mirror": ("Home on the left", "Дом слева"),
    "choice_head_obstacle": ("when the head checker is blocked (default)",
                             "если шашке с головы мешают (по умолчанию)"),
    "choice_list": ("only with 6-6, 4-4, 3-3", "только 6-6, 4-4, 3-3"),
    "choice_any_blocked": ("any double that cannot be played otherwise",
                           "любой дубль, если иначе не сыграть"),
    "choice_any_double": ("any double", "любой дубль"),
    "choice_none": ("none", "нет"),
    "choice_ahead": ("a six-block needs a checker ahead of it (default)",
                     "забор из шести — только если впереди есть шашка (по умолчанию)"),
    "choice_opp_in_home": ("a six-block needs an opponent checker in the home",
                           "забор — только если шашка соперника в доме"),
    "choice_head": ("koks if a checker is still on the head", "кокс, если шашка на голове"),
    "choice_start_quarter": ("koks if a checker is in the start quarter",
                             "кокс, если шашка в первой четверти"),
    "choice_none_home": ("koks if none reached home", "кокс, если ни одна не дошла до дома"),
    "choice_no_hide": ("no hiding a hitter (default)", "нельзя прятать бьющую (по умолчанию)"),
    "choice_stay": ("the hitter stays", "бьющая остаётся"),
    "choice_no_hit": ("no hit with an exposed checker", "без боя открытой шашкой"),
    # board (accessible names)
    "point": ("point {number}", "пункт {number}"),
    "checkers": ("{count} {colour}", "{count} {colour}"),
    "empty": ("empty", "пусто"),
    "bar": ("bar, {colour}: {count}", "бар, {colour}: {count}"),
    "off": ("borne off, {colour}: {count}", "выброшено, {colour}: {count}"),
    "board": ("Board", "Доска"),
    "cube": ("cube {value}", "куб {value}"),
    # engine error codes
    "err_phase": ("Not now: the game waits for something else", "Сейчас этого сделать нельзя"),
    "err_not_your_turn": ("It is not your turn", "Сейчас не ваш ход"),
    "err_incomplete_turn": ("Play all the dice you can first", "Сначала сыграйте все кости"),
    "err_illegal_step": ("That move is not legal", "Такой ход невозможен"),
    "err_bad_record": ("The saved game is damaged", "Сохранённая партия повреждена"),
    "err_crawford": ("No doubling in the Crawford game", "В партии Кроуфорда удваивать нельзя"),
    "err_cube_owner": ("The cube belongs to your opponent", "Куб у соперника"),
}


def tr(lang: str, key: str, **params) -> str:
    entry = CATALOGUE.get(key)
    if entry is None:
        return key
    text = entry[1 if lang == "ru" else 0]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def plural(lang: str, count: int, forms: str) -> str:
    """The word form for ``count`` from ``"one|few|many"`` (Russian) or ``"one|other"``."""
    options = forms.split("|")
    if lang == "ru" and len(options) == 3:
        n = abs(count) % 100
        if 10 < n < 20:
            return options[2]
        n %= 10
        return options[0] if n == 1 else options[1] if 2 <= n <= 4 else options[2]
    return options[0] if count == 1 else options[-1]


def colour_name(lang, colour) -> str:
    return tr(lang, ("white", "black")[colour])


def result_text(lang, result: dict) -> str:
    """A game's result in the game's own words: "White win 2 points: mars"."""
    if result["winner"] is None:
        return tr(lang, "result_draw")
    kind = tr(lang, result["kind"])
    how = {"drop": tr(lang, "how_drop"), "resign": tr(lang, "how_resign", kind=kind)}.get(
        result["reason"], kind)
    points = result["points"]
    return tr(lang, "result_win", winner=colour_name(lang, result["winner"]), points=points,
              points_word=plural(lang, points, tr(lang, "point_word")), how=how)


def _localised(lang, params: dict) -> dict:
    """Colours by name and dice as "6-5" (the parameters of rows and notices)."""
    out = dict(params)
    colour = params.get("c", params.get("colour"))
    if colour in (0, 1):
        out["colour"] = colour_name(lang, colour)
    if "dice" in params:
        out["dice"] = "-".join(map(str, params["dice"]))
    return out


def notice_text(lang, key, params: dict) -> str:
    """A ``Session.notices`` entry as a sentence (the live region's text)."""
    if key == "game_over":
        return result_text(lang, params)
    return tr(lang, key, **_localised(lang, params))


def log_text(lang, row: dict) -> str:
    """One line of the move list (``Session.logs`` row)."""
    kind = row["k"]
    if kind == "result":
        return result_text(lang, row)
    params = _localised(lang, row)
    if kind == "opening":
        params["throws"] = ", ".join(f"{w}-{b}" for w, b in row["throws"])
    if kind == "resign":
        params["kind"] = tr(lang, row["kind"])
    return tr(lang, "log_" + kind, **params)


def error_text(lang, exc) -> str:
    code = getattr(exc, "code", "")
    key = f"err_{code}"
    return tr(lang, key) if key in CATALOGUE else str(exc)


def board_label(lang):
    """The ``label`` callable ``svg.render_board`` takes, in ``lang``."""
    def label(key, **params):
        if "colour" in params:
            params = dict(params, colour=colour_name(lang, params["colour"]).lower())
        return tr(lang, key, **params)
    return label
