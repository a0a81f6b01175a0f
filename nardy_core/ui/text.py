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
    # the hint
    "hint": ("Hint", "Подсказка"),
    "hints_allowed": ("Hints allowed in this match", "Подсказки в этом матче"),
    "hint_title": ("Hint: the strong bot's choice", "Подсказка: выбор сильного бота"),
    "hint_thinking": ("Looking for the best plays…", "Поиск лучших ходов…"),
    "hint_count": (
        "The best {shown} of {count} plays (hover or focus one to see it on the "
        "board); equity for the side to move, then the difference to the best",
        "Лучшие {shown} из {count} ходов (наведите или выберите, чтобы увидеть "
        "на доске); эквити для ходящих и разница с лучшим",
    ),
    "hint_win": ("win {win}, gammon {gammon}", "победа {win}, марс {gammon}"),
    "no_play": ("no play", "хода нет"),
    "hint_double": ("Double", "Удваивайте"),
    "hint_no_double": ("No double", "Не удваивайте"),
    "hint_too_good": ("Too good to double: play on", "Слишком хорошо для удвоения: играйте"),
    "hint_no_access": ("The cube is not yours to turn", "Куб не ваш"),
    "hint_take": ("Take", "Принимайте"),
    "hint_drop": ("Drop", "Отказывайтесь"),
    "hint_beaver": ("Beaver", "Бобр"),
    "hint_cube_figures": (
        "no double {nd}, double/take {dt}, double/drop {dp}; win {win}",
        "без удвоения {nd}, удвоение/принять {dt}, удвоение/отказ {dp}; победа {win}",
    ),
    # the game review
    "review": ("Review the game", "Разбор партии"),
    "review_title": ("Game review (strong bot)", "Разбор партии (сильный бот)"),
    "review_progress": ("{done} of {count} analysed", "разобрано {done} из {count}"),
    "review_cancelled": (
        "Review stopped: {done} of {count} analysed",
        "Разбор остановлен: разобрано {done} из {count}",
    ),
    "review_turn": ("Turn {turn} · {who} {dice}", "Ход {turn} · {who} {dice}"),
    "review_better": ("better: {play} ({mark}, −{loss})", "лучше: {play} ({mark}, −{loss})"),
    "mark_doubtful": ("doubtful", "сомнительно"),
    "mark_error": ("error", "ошибка"),
    "mark_blunder": ("blunder", "грубая ошибка"),
    "mark_doubtful_pl": ("Doubtful ?!", "Сомнительных ?!"),
    "mark_error_pl": ("Errors ?", "Ошибок ?"),
    "mark_blunder_pl": ("Blunders ??", "Грубых ??"),
    "review_player": ("Player", "Игрок"),
    "review_decisions": ("Decisions", "Решений"),
    "review_error_rate": ("Error rate", "Процент ошибок"),
    "review_luck": ("Luck", "Удача"),
    "review_units": (
        "Error rate: equity lost per decision × 1000. Luck: what the dice gave "
        "against an average roll, in games (+1 = one whole game). Equities in "
        "single-game units.",
        "Процент ошибок: потеря эквити за решение × 1000. Удача: что дали кубики "
        "по сравнению со средним броском, в партиях (+1 = целая партия). Эквити "
        "в единицах простой партии.",
    ),
    "review_chart": ("White's chance to win, turn by turn", "Шансы белых на победу по ходам"),
    "review_point": ("Turn {turn}: {win}%", "Ход {turn}: {win}%"),
    "review_chart_side": (
        "{colour}'s chance to win, turn by turn",
        "Шансы на победу по ходам: {colour}",
    ),
    "review_line": ("{colour}'s chance to win", "шансы на победу: {colour}"),
    "review_axis": ("turn", "ход"),
    "review_worst": ("The worst mistakes", "Худшие ошибки"),
    "review_all": ("Every marked decision ({n})", "Все отмеченные решения ({n})"),
    "review_clean": ("No mistakes found.", "Ошибок не найдено."),
    "review_export": ("Export the annotated game", "Скачать партию с разбором"),
    "review_link": ("Copy a link to this review", "Скопировать ссылку на разбор"),
    "review_link_copied": ("The review's link is copied", "Ссылка на разбор скопирована"),
    "review_act_double": ("double", "удвоить"),
    "review_act_no_double": ("no double", "не удваивать"),
    "review_act_take": ("take", "принять"),
    "review_act_drop": ("drop", "отказаться"),
    "review_act_beaver": ("beaver", "бобр"),
    # status line
    "to_roll": ("{player} to roll", "{player}: бросок"),
    "to_move": ("{player} to move {dice}", "{player}: ход {dice}"),
    "to_answer_double": (
        "{player}: the cube is offered at {value}. Take or drop?",
        "{player}: предложено удвоение до {value}. Принять или отказаться?",
    ),
    "to_answer_resign": (
        "{player}: {other} offers to resign ({kind}). Accept?",
        "{player}: {other} предлагают сдаться ({kind}). Принять?",
    ),
    "thinking": ("{player} is thinking…", "{player} думают…"),
    "choose_way": (
        "Two ways to play this: choose one",
        "Этот ход можно сыграть двумя способами: выберите",
    ),
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
    "unplayable": ("unplayable roll", "невыполнимый бросок"),  # fayles: the roller loses
    "mother": ("mother checker pinned", "закрыта материнская шашка"),  # plakoto
    "capote": ("capote", "капот"),  # tawula: 7 points
    "outcome_double": ("double game", "двойная партия"),  # tourne-case: 2 points
    "difference": ("difference", "по разнице"),  # khachapuri: 15 minus the loser's off
    "draw": ("draw", "ничья"),
    "result_win": (
        "{winner} win {points} {points_word}: {how}",
        "{winner} выигрывают {points} {points_word}: {how}",
    ),
    "result_draw": ("Draw", "Ничья"),
    "how_drop": ("the double was dropped", "от удвоения отказались"),
    "how_resign": ("resignation ({kind})", "сдача ({kind})"),
    "point_word": ("point|points", "очко|очка|очков"),
    "match_won": ("{winner} win the match {a}–{b}", "{winner} выигрывают матч {a}–{b}"),
    # move list
    "log_opening": (
        "Opening throw {throws}: {colour} starts",
        "Розыгрыш {throws}: начинают {colour}",
    ),
    "pick_title": ("Choose a game", "Выберите игру"),
    "pick_opponent": ("Play against", "Соперник"),
    "pick_person": ("A person beside you", "Человек рядом с вами"),
    "pick_play": ("Play", "Играть"),
    "log_lot": (
        "Lot {throws}: {who} threw {high}, plays White and starts",
        "Жребий {throws}: {who} выбросил {high}, играет белыми и начинает",
    ),
    "log_roll": ("{colour} roll {dice}", "{colour}: бросок {dice}"),  # a replay's rolled state
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
    "no_move": (
        "{colour} cannot move with {dice}: the turn passes",
        "{colour}: с {dice} хода нет, ход переходит",
    ),
    "forced": ("Forced move for {colour}: {play}", "Вынужденный ход {colour}: {play}"),
    "illegal_drop": (
        "That move is not legal: the checker goes back",
        "Так ходить нельзя: шашка возвращается",
    ),
    "illegal_target": ("Not a legal destination", "Сюда ходить нельзя"),
    "moved": ("{colour}: {play}", "{colour}: {play}"),
    "selected": (
        "Checker on {where} picked: choose where to move it",
        "Выбрана шашка на {where}: выберите, куда ходить",
    ),
    "restored": ("Your game was restored", "Партия восстановлена"),
    "corrupt_save": (
        "A saved game could not be read and was discarded ({detail})",
        "Сохранённую партию не удалось прочитать, она удалена ({detail})",
    ),
    "new_version": ("A new version of Nardy is available", "Доступна новая версия"),
    "saves_unreadable": (
        "The saved games on this device could not be read: the browser's "
        "storage holds damaged data. It was set aside (as {name}) and a new "
        "game starts; new games are saved again.",
        "Сохранённые партии на этом устройстве не удалось прочитать: данные "
        "в хранилище браузера повреждены. Они отложены (как {name}), начата "
        "новая партия; новые партии снова сохраняются.",
    ),
    "storage_full": (
        "This game could not be saved: the browser's storage for this site is "
        "full. Delete games you no longer need (New game, Unfinished games) or "
        "free space in the browser's settings; until then a reload loses this "
        "game.",
        "Партию не удалось сохранить: хранилище браузера для этого сайта "
        "заполнено. Удалите ненужные партии (Новая игра, Незаконченные партии) "
        "или освободите место в настройках браузера; до тех пор при "
        "перезагрузке эта партия пропадёт.",
    ),
    "storage_unavailable": (
        "This game cannot be saved: the browser does not let this site "
        "store data (a private window, or storage turned off). A reload "
        "loses it.",
        "Партию нельзя сохранить: браузер не даёт этому сайту хранить "
        "данные (приватное окно или хранение отключено). При перезагрузке "
        "она пропадёт.",
    ),
    "storage_refused": (
        "This browser does not let the page keep data (a private window, or "
        "site data blocked): your games will not be saved and the game will "
        "not open offline. To keep your games, allow site data for this site "
        "or use a normal window.",
        "Этот браузер не даёт странице хранить данные (приватное окно или "
        "данные сайтов заблокированы): партии не сохранятся, и без сети игра "
        "не откроется. Чтобы партии сохранялись, разрешите этому сайту хранить "
        "данные или откройте обычное окно.",
    ),
    "saved_by_newer": (
        "saved by a newer version: update the page to resume it",
        "сохранена более новой версией: обновите страницу, чтобы продолжить",
    ),
    "err_newer_record": (
        "This game was saved by a newer version of Nardy (format {version}) "
        "and cannot be opened by this one. It is kept: update the page to "
        "resume it.",
        "Эта партия сохранена более новой версией Нард (формат {version}), "
        "эта версия не может её открыть. Партия сохранена: обновите "
        "страницу, чтобы продолжить её.",
    ),
    "bot_failed": ("The bot could not move: {detail}", "Бот не смог сделать ход: {detail}"),
    # new game dialog
    "game": ("Game", "Игра"),
    "players": ("Players", "Игроки"),
    "match_length": (
        "Match length (0 = single games for points)",
        "Длина матча (0 — игра на очки)",
    ),
    "player_n": ("Player {n}", "Игрок {n}"),
    "rules": ("Rules", "Правила"),
    "game_n": ("Game {n}", "Партия {n}"),
    "you": ("you", "вы"),
    # the rule options' words are nardy_core.ui.rules.OPTIONS; these only mark the usual value
    "usual": ("usual", "обычно"),
    "usual_on": ("usually on", "обычно да"),
    "usual_off": ("usually off", "обычно нет"),
    "saved_games": ("Unfinished games on this device", "Незаконченные партии на этом устройстве"),
    "pref_auto_roll": (
        "Roll automatically when no double is possible",
        "Бросать кости автоматически, если удвоить нельзя",
    ),
    "pref_auto_confirm": (
        "End the turn without pressing Done",
        "Завершать ход без кнопки «Готово»",
    ),
    "pref_auto_forced": ("Play forced moves automatically", "Вынужденные ходы — автоматически"),
    "pref_mirror": ("Home on the left", "Дом слева"),
    "rules_usual": ("Usual rules of {game}", "Обычные правила: {game}"),
    "rules_house": ("Rules changed: {list}", "Изменённые правила: {list}"),
    "saved_move": ("move {n}", "ход {n}"),
    "saved_score": ("score {score}", "счёт {score}"),
    "pref_speed": ("Speed of the bot's moves", "Скорость ходов бота"),
    "speed_slow": ("Slow: checker by checker", "Медленно: шашка за шашкой"),
    "speed_normal": ("Normal", "Обычная"),
    "speed_fast": ("Fast", "Быстрая"),
    "speed_instant": ("Instant", "Мгновенно"),
    "group_nardy": ("Nardy", "Нарды"),
    "group_tavli": ("Tavli", "Тавли"),
    "group_historical": ("Historical games", "Старинные игры"),
    "group_matches": ("Matches of mixed games", "Матчи из разных игр"),
    "match_to_wins": ("match to {length} wins", "матч до {length} побед"),
    "match_game": ("game {number}: {name}", "партия {number}: {name}"),
    "err_mixed_match": (
        "A match of mixed games has no match file: save it as JSON (Export game file does so)",
        "У матча из разных игр нет файла матча: сохраните его в JSON "
        "(«Сохранить файл партии» так и делает)",
    ),
    "err_unsupported": (
        "A match file writes one play per roll, and in this game a roll may "
        "take several: save it as JSON (Export game file does so)",
        "В файле матча на бросок приходится один ход, а в этой игре бросок "
        "может дать несколько: сохраните партию в JSON («Сохранить файл "
        "партии» так и делает)",
    ),
    "err_match_unavailable": (
        "This match needs a game this version does not have",
        "Для этого матча нужна игра, которой в этой версии нет",
    ),
    "rules_title": ("Rules", "Правила"),
    # sharing, opening, the editor and embedding
    "share": ("Share", "Поделиться"),
    "open": ("Open", "Открыть"),
    "edit": ("Edit position", "Расставить"),
    "copy": ("Copy", "Копировать"),
    "copied": ("Copied", "Скопировано"),
    "copy_failed": ("Select the text and copy it", "Выделите текст и скопируйте"),
    "share_link": ("Link to this position", "Ссылка на эту позицию"),
    "share_whole_game": (
        "Put the whole game in the link (it can be replayed move by move)",
        "Вся партия в ссылке (её можно просмотреть ход за ходом)",
    ),
    "position_codes": ("Position codes", "Коды позиции"),
    "code_state": ("Position text (Nardy)", "Текст позиции (Нарды)"),
    "code_gnubg": (
        "GNU Backgammon ID (Position ID:Match ID)",
        "Код GNU Backgammon (Position ID:Match ID)",
    ),
    "code_xgid": ("XGID (eXtreme Gammon)", "XGID (eXtreme Gammon)"),
    "embed": ("Embed on a website", "Вставить на сайт"),
    "embed_mode": ("What the board does", "Что делает доска"),
    "embed_static": ("Diagram (no moves)", "Диаграмма (без ходов)"),
    "embed_play": ("Play against the bot", "Игра с ботом"),
    "embed_replay": ("Replay of the game", "Просмотр партии"),
    "embed_size": ("Width in pixels", "Ширина в пикселях"),
    "embed_theme": ("Theme", "Оформление"),
    "theme_light": ("light", "светлое"),
    "theme_dark": ("dark", "тёмное"),
    "embed_snippet": ("HTML to paste into your page", "HTML для вашей страницы"),
    "export_game": ("Export game file", "Сохранить файл партии"),
    "exported": ("Saved {name}", "Сохранено: {name}"),
    "open_paste": (
        "Paste a link, a GNU Backgammon ID, an XGID or a position text",
        "Вставьте ссылку, код GNU Backgammon, XGID или текст позиции",
    ),
    "open_players": ("Who plays", "Кто играет"),
    "open_vs_bot": ("You (the side to move) against the bot", "Вы (сторона на ходу) против бота"),
    "open_bot_moves": (
        "The bot plays the side to move, you the other",
        "Бот играет за сторону на ходу, вы — за другую",
    ),
    "replay_exit": ("Play on from the end", "Играть дальше с конца"),
    "open_two_people": ("Two people on this device", "Двое на одном устройстве"),
    "open_bot_vs_bot": ("Bot against bot", "Бот против бота"),
    "open_position": ("Open position", "Открыть позицию"),
    "import_file": (
        "Or open a game file (.mat, .txt, .json)",
        "Или откройте файл партии (.mat, .txt, .json)",
    ),
    "imported": (
        "Game file opened: {games} {games_word}",
        "Файл партии открыт: {games} {games_word}",
    ),
    "game_word": ("game|games", "партия|партии|партий"),
    "opened_link": ("Position opened from the link", "Позиция открыта по ссылке"),
    "bad_link": (
        "This link could not be read: {detail}. Your game is unchanged.",
        "Ссылку не удалось прочитать: {detail}. Ваша партия не изменилась.",
    ),
    "bad_code": ("This could not be read: {detail}.", "Это не удалось прочитать: {detail}."),
    "link_damaged": (
        "it is incomplete or damaged — ask for it again",
        "она неполная или повреждена — попросите прислать её ещё раз",
    ),
    "code_damaged": (
        "it is not a position or game code we know, or it is cut short — copy it again",
        "это не код позиции или партии, либо он обрезан — скопируйте его ещё раз",
    ),
    "details": ("Details", "Подробности"),
    "bad_file": ("The file could not be read: {detail}", "Файл не удалось прочитать: {detail}"),
    "reading": ("Reading…", "Чтение…"),
    "err_read_budget": (
        "opening it would take more than {seconds} seconds of work, so it was stopped",
        "чтобы открыть это, нужно больше {seconds} секунд работы, поэтому чтение остановлено",
    ),
    "err_read_failed": ("it cannot be read", "это невозможно прочитать"),
    "err_file_too_big": (
        "the file is too big to be a game file ({size_kb} KB; at most {limit_kb} KB)",
        "файл слишком велик для файла партии ({size_kb} КБ; не более {limit_kb} КБ)",
    ),
    "replay_start": ("Start of the game", "Начало партии"),
    "first": ("First", "В начало"),
    "previous": ("Previous", "Назад"),
    "next": ("Next", "Вперёд"),
    "last": ("Last", "В конец"),
    "edit_position": ("Set up a position", "Расстановка позиции"),
    "edit_hint": (
        "Click a point to add a checker of the chosen colour; choose Remove (or click "
        "with Shift) to take one away.",
        "Нажмите на пункт, чтобы поставить шашку выбранного цвета; «Убрать» (или "
        "нажатие с Shift) снимает шашку.",
    ),
    "edit_add": ("Add", "Ставить"),
    "edit_remove": ("Remove", "Убрать"),
    "edit_clear": ("Empty board", "Пустая доска"),
    "edit_reset": ("Starting position", "Начальная позиция"),
    "edit_fill": ("Missing checkers off", "Недостающие — в выброс"),
    "edit_turn": ("To move:", "Ходят:"),
    "edit_dice": ("Dice (empty: not rolled)", "Кости (пусто — не брошены)"),
    "edit_cube": ("Cube", "Куб"),
    "edit_owner": ("Owner", "Владелец"),
    "cube_centre": ("centre", "в центре"),
    "match_length_short": ("Match to", "Матч до"),
    "crawford_state": ("Crawford", "Кроуфорд"),
    "crawford_pre": ("before", "ещё нет"),
    "crawford_crawford": ("this game", "эта партия"),
    "crawford_post": ("after", "уже был"),
    "edit_play": ("Play from here", "Играть отсюда"),
    "edit_ok": ("The position is valid", "Позиция правильная"),
    "err_checker_count": (
        "{colour} have {count} checkers; the game needs {expected}",
        "{colour}: шашек {count}, а нужно {expected}",
    ),
    "err_shared_point": ("A point is held by both colours", "На одном пункте шашки обоих цветов"),
    "err_edit_occupied": ("That point is held by {colour}", "Этот пункт занят: {colour}"),
    "err_edit_place": ("Checkers cannot go there", "Туда шашку поставить нельзя"),
    "err_start_over": (
        "The game is already over in this position",
        "В этой позиции партия уже окончена",
    ),
    "err_no_bar": ("This game has no bar", "В этой игре нет бара"),
    "err_dice": (
        "Dice are one digit 1–6 each, as many as the game uses",
        "Кости — по одной цифре от 1 до 6, столько, сколько в игре",
    ),
    # board (accessible names)
    "point": ("point {number}", "пункт {number}"),
    "checkers": ("{count} {colour}", "{count} {colour}"),
    "empty": ("empty", "пусто"),
    "bar": ("bar, {colour}: {count}", "бар, {colour}: {count}"),
    "off": ("borne off, {colour}: {count}", "выброшено, {colour}: {count}"),
    "hand": ("hand, {colour}: {count}", "в руке, {colour}: {count}"),
    "pinned": ("1 {colour} pinned under them", "под ними закрыта 1 шашка, {colour}"),
    "later": ("then {units}", "затем {units}"),  # an escalating double's later blocks
    "board": ("Board", "Доска"),
    "cube": ("cube {value}", "куб {value}"),
    # verifiable dice and dice statistics (docs/dice.md)
    "dice_commitment": (
        "Dice commitment (SHA-256 of the seed)",
        "Обязательство костей (SHA-256 зерна)",
    ),
    "dice_commitment_note": (
        "the seed is revealed when the game ends",
        "зерно будет раскрыто по окончании партии",
    ),
    "dice_commitment_note_match": (
        "the seed is revealed when the match ends",
        "зерно будет раскрыто по окончании матча",
    ),
    "dice_seed": ("Dice seed", "Зерно костей"),
    "dice_recorded": (
        "The dice were written in the record, not drawn from a seed: verification is not available",
        "Кости записаны в файле, а не получены из зерна: проверка недоступна",
    ),
    "dice_verify": ("Verify", "Проверить"),
    "dice_download": ("Download the record (JSON)", "Скачать запись (JSON)"),
    "dice_stats": ("Dice statistics", "Статистика костей"),
    "dice_copy_hash": ("Copy hash", "Копировать хеш"),
    "dice_verified": (
        "Verified: the seed matches the commitment and all {rolls} throws match the seed",
        "Проверено: зерно соответствует обязательству, и все броски ({rolls}) совпадают с зерном",
    ),
    "dice_bad_commitment": (
        "Not verified: the seed does not match the commitment",
        "Не проверено: зерно не соответствует обязательству",
    ),
    "dice_mismatch": (
        "Not verified: game {game}, {where}: the seed gives {expected}, the record has {recorded}",
        "Не проверено: партия {game}, {where}: зерно даёт {expected}, в записи {recorded}",
    ),
    "dice_mismatch_other": ("Not verified: {detail}", "Не проверено: {detail}"),
    "dice_where_roll": ("roll {n}", "бросок {n}"),
    "dice_where_opening": ("opening throw {n}", "первый бросок {n}"),
    "stats_this_game": ("This game", "Эта партия"),
    "stats_this_match": ("This match", "Этот матч"),
    "stats_device": ("All games on this device", "Все партии на этом устройстве"),
    "stats_player": ("Player", "Игрок"),
    "stats_rolls": ("Rolls", "Броски"),
    "stats_doubles": ("Doubles", "Дубли"),
    "stats_pips": ("Pips per roll", "Очков за бросок"),
    "stats_faces": ("Faces 1–6", "Грани 1–6"),
    "stats_expected": ("expected", "ожидается"),
    "stats_pairs": ("Each roll", "Каждый бросок"),
    "stats_none": ("No rolls yet", "Бросков пока нет"),
    "stats_games": ("games: {n}", "партий: {n}"),
    "stats_note": (
        "Expected values follow each game's own rule for doubles (×4, ×2, ×1, "
        "escalating, three dice); opening throws are not counted.",
        "Ожидаемые значения учитывают правило дублей каждой игры (×4, ×2, ×1, "
        "нарастающие, три кости); первые броски (жребий) не учитываются.",
    ),
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


# outcome kinds whose key names something else in the catalogue (the cube's Double button)
_OUTCOME_KEYS = {"double": "outcome_double"}


def outcome_word(lang, kind) -> str:
    """The words for a game's outcome kind (single, mars, capote, …)."""
    return tr(lang, _OUTCOME_KEYS.get(kind, kind))


def result_text(lang, result: dict) -> str:
    """A game's result in the game's own words: "White win 2 points: mars"."""
    if result["winner"] is None:
        return tr(lang, "result_draw")
    kind = outcome_word(lang, result["kind"])
    how = {"drop": tr(lang, "how_drop"), "resign": tr(lang, "how_resign", kind=kind)}.get(
        result["reason"], kind
    )
    points = result["points"]
    return tr(
        lang,
        "result_win",
        winner=colour_name(lang, result["winner"]),
        points=points,
        points_word=plural(lang, points, tr(lang, "point_word")),
        how=how,
    )


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
        if row.get("lot"):
            params["who"] = tr(lang, row.get("who", "human"))
            return tr(lang, "log_lot", **params)
    if kind == "resign":
        params["kind"] = outcome_word(lang, row["kind"])
    return tr(lang, "log_" + kind, **params)


# codes whose own sentence says what is wrong in a player's words; any other refusal of a link
# or a code is, for a player, a link that is cut or damaged (the engine's words go under Details)
_PLAIN_READ_ERRORS = ("read_budget", "share_too_long", "share_empty", "too_long", "too_big")


def read_error(lang, exc, link=True) -> tuple:
    """``(what is wrong, technical detail)`` of a link or code that could not be read: the
    first in a player's words (never a column number), the second for a collapsed detail."""
    detail = error_text(lang, exc)
    if getattr(exc, "code", "") in _PLAIN_READ_ERRORS and f"err_{exc.code}" in CATALOGUE:
        return detail, ""
    return tr(lang, "link_damaged" if link else "code_damaged"), detail


def error_text(lang, exc) -> str:
    """The error's own sentence where the catalogue has one for its code, filled from its
    parameters (colours by name), else the engine's English message."""
    code = getattr(exc, "code", "")
    key = f"err_{code}"
    if key not in CATALOGUE:
        return str(exc)
    params = dict(getattr(exc, "params", {}) or {})
    colour = params.get("colour")
    if colour in ("white", "black"):
        params["colour"] = colour_name(lang, ("white", "black").index(colour))
    return tr(lang, key, **params)


def board_label(lang):
    """The ``label`` callable ``svg.render_board`` takes, in ``lang``."""

    def label(key, **params):
        if "colour" in params:
            params = dict(params, colour=colour_name(lang, params["colour"]).lower())
        return tr(lang, key, **params)

    return label
