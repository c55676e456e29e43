"""Spanish hand names and explanation sentences, in the documents' vocabulary.

Carta alta, pareja, doble pareja, trío, escalera, color, full, póquer,
escalera de color, escalera real; la rueda; kicker. The card names take their
gender (``el rey``, ``la reina``, ``la jota``), so ``escalera al rey`` but
``escalera a la reina``.

>>> from showdown.categories import AnyCategory, BadugiCategory, Category
>>> BOOK.describe(Category.STRAIGHT, (3, 2, 1, 0, 12))
'Escalera al cinco (la rueda)'
>>> BOOK.describe(Category.FLUSH, (9, 7, 5, 2, 0))
'Color a la jota'
>>> BOOK.beats(Category.FULL_HOUSE, False, Category.FLUSH)
'el full supera al color'
"""

from __future__ import annotations

from collections.abc import Sequence

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.i18n.base import ACE, WHEEL_TOP, Decision, Phrasebook, Words

C = Category
B = BadugiCategory
ONE = ("dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
       "jota", "reina", "rey", "as")  # fmt: skip
MANY = ("doses", "treses", "cuatros", "cincos", "seises", "sietes", "ochos", "nueves",
        "dieces", "jotas", "reinas", "reyes", "ases")  # fmt: skip
FEMININE = frozenset({9, 10})  # la jota, la reina
ORDINAL = ("primera", "segunda", "tercera", "cuarta", "quinta")  # ... carta

NAMES = {
    C.HIGH_CARD: "carta alta",
    C.PAIR: "pareja",
    C.TWO_PAIR: "doble pareja",
    C.THREE_OF_A_KIND: "trío",
    C.STRAIGHT: "escalera",
    C.FLUSH: "color",
    C.FULL_HOUSE: "full",
    C.FOUR_OF_A_KIND: "póquer",
    C.STRAIGHT_FLUSH: "escalera de color",
    B.FOUR_CARD: "badugi de cuatro cartas",
    B.THREE_CARD: "badugi de tres cartas",
    B.TWO_CARD: "badugi de dos cartas",
    B.ONE_CARD: "badugi de una carta",
}
MASCULINE_CATEGORIES = frozenset(
    {C.THREE_OF_A_KIND, C.FLUSH, C.FULL_HOUSE, C.FOUR_OF_A_KIND, *BadugiCategory}
)
GROUP = {
    "pair": "la pareja",
    "high_pair": "la pareja más alta",
    "low_pair": "la segunda pareja",
    "trips": "el trío",
    "full_pair": "la pareja",
    "quads": "el póquer",
    "top": "la carta más alta",
}


def _to(rank: int) -> str:
    """``al rey``, ``a la reina``: the top card of a straight or flush."""
    return f"a la {ONE[rank]}" if rank in FEMININE else f"al {ONE[rank]}"


def _the(category: AnyCategory, royal: bool = False) -> str:
    if royal:
        return "la escalera real"
    article = "el" if category in MASCULINE_CATEGORIES else "la"
    return f"{article} {NAMES[category]}"


def _to_the(category: AnyCategory) -> str:
    """Object of ``supera``: ``a la escalera``, ``al color`` (a + el = al)."""
    the = _the(category)
    return "al" + the[2:] if the.startswith("el ") else "a " + the


LADDER_NAMES = {
    "high-wrap": "con la regla de la vuelta",
    "short-deck": "en short deck",
    "short-deck-trips": "en short deck (el trío supera a la escalera)",
    "deuce-to-seven": "en lowball de dos a siete",
    "ace-to-five": "en lowball de as a cinco",
    "eight-or-better": "en el bajo de ocho o menos",
}


GAME_NAMES = {
    "holdem": "Texas Hold'em: las cinco mejores entre mano y mesa",
    "omaha": "Omaha: exactamente dos cartas propias y tres de la mesa",
    "five-card": "Póquer de cinco cartas",
    "short-deck": "Short deck: 36 cartas, el color supera al full, A-6-7-8-9 es la escalera más "
    "baja",
    "omaha-hi-lo": "Omaha hi-lo: el bote se reparte entre la mejor mano alta y el mejor bajo de "
    "ocho o menos",
    "stud": "Stud de siete cartas: las cinco mejores de las siete del jugador",
    "stud-hi-lo": "Stud de siete cartas hi-lo: la mejor mano alta y el mejor bajo de ocho o menos",
    "razz": "Razz: el mejor bajo de as a cinco con siete cartas",
    "deuce-to-seven": "Lowball de dos a siete: el as es alto, escaleras y colores cuentan en "
    "contra",
    "ace-to-five": "Lowball de as a cinco: el as es bajo, escaleras y colores no cuentan",
    "badugi": "Badugi: cuatro cartas, el mayor número de palos y valores distintos, gana la más "
    "baja",
    "courchevel": "Courchevel: cinco cartas propias, exactamente dos de ellas y tres de la mesa",
    "courchevel-hi-lo": "Courchevel hi-lo: cinco cartas propias, el bote se reparte entre la "
    "mejor mano alta y el mejor bajo de ocho o menos",
}


#: What a tie splits: the pot, or one half of a hi-lo pot.
POT: dict[int | None, str] = {None: "el bote", 0: "la mitad alta", 1: "la mitad baja"}


class Spanish(Phrasebook):
    """Spanish as the documents write it (``gana en la tercera carta, 9 frente a 8``)."""

    code = "es"
    thousands = "."
    decimal_sign = ","
    first_hand = "la primera mano"
    second_hand = "la segunda mano"

    def against(self, template: str, hand: str, owner: str, category: AnyCategory) -> str:
        article = "el" if category in MASCULINE_CATEGORIES else "la"
        return template.format(loser=f"{article} {hand} {owner}").replace(" a el ", " al ")

    def hand_label(self, number: int) -> str:
        return f"la mano {number}"

    def rank(self, rank: int, plural: bool = False, case: str = "nom") -> str:
        return MANY[rank] if plural else ONE[rank]

    def category(self, category: AnyCategory) -> str:
        return NAMES[category]

    def describe(self, category: Category, ranks: Sequence[int]) -> str:
        top = ranks[0]
        if category == C.STRAIGHT_FLUSH:
            return "Escalera real" if top == ACE else f"Escalera de color {_to(top)}"
        if category == C.FOUR_OF_A_KIND:
            return f"Póquer de {MANY[top]}"
        if category == C.FULL_HOUSE:
            return f"Full de {MANY[top]} y {MANY[ranks[3]]}"
        if category == C.FLUSH:
            return f"Color {_to(top)}"
        if category == C.STRAIGHT:
            return f"Escalera {_to(top)}" + (" (la rueda)" if top == WHEEL_TOP else "")
        if category == C.THREE_OF_A_KIND:
            return f"Trío de {MANY[top]}"
        if category == C.TWO_PAIR:
            return f"Doble pareja, {MANY[top]} y {MANY[ranks[2]]}"
        if category == C.PAIR:
            return f"Pareja de {MANY[top]}"
        return f"Carta alta, {ONE[top]}"

    def beats(self, win: AnyCategory, win_royal: bool, lose: AnyCategory) -> str:
        return f"{_the(win, win_royal)} supera {_to_the(lose)}"

    def _shared(self, d: Decision) -> str:
        """What both hands have, as far as they agree (object of ``tienen``)."""
        r, i, cat = d.ranks, d.index, d.category
        if cat == C.HIGH_CARD and d.low:
            return f"un bajo {_to(r[0])}" if i >= 1 else "un bajo"
        if cat == C.HIGH_CARD:
            return "solo carta alta"
        if cat == C.PAIR:
            return f"una pareja de {MANY[r[0]]}" if i >= 2 else "una pareja"
        if cat == C.TWO_PAIR and i == 4:
            return f"doble pareja de {MANY[r[0]]} y {MANY[r[2]]}"
        if cat == C.TWO_PAIR and i >= 2:
            return f"doble pareja con {MANY[r[0]]} como pareja más alta"
        if cat == C.TWO_PAIR:
            return "doble pareja"
        if cat == C.THREE_OF_A_KIND:
            return f"trío de {MANY[r[0]]}" if i >= 3 else "trío"
        if cat == C.FULL_HOUSE:
            return f"full de {MANY[r[0]]}" if i >= 3 else "full"
        if cat == C.FOUR_OF_A_KIND:
            return f"póquer de {MANY[r[0]]}" if i >= 4 else "póquer"
        return NAMES[cat]  # "tienen escalera", "tienen color": no article, as players say it

    def _place(self, d: Decision) -> str:
        if d.unit == "card":
            return f"la {ORDINAL[d.index]} carta" + (" (el kicker)" if d.kicker else "")
        return GROUP[d.unit]

    def _rank_one(self, rank: int, category: AnyCategory) -> str:
        return ONE[rank] + (" (la rueda)" if rank == WHEEL_TOP and category == C.STRAIGHT else "")

    def _versus(self, d: Decision) -> str:
        if d.unit in ("card", "top"):
            win, lose = self._rank_one(d.win, d.category), self._rank_one(d.lose, d.category)
            return f"{win} frente a {lose}"
        return f"{MANY[d.win]} frente a {MANY[d.lose]}"

    def wins_by_category(self, winner: str, beats: str) -> str:
        return f"{self.capitalise(winner)} gana: {beats}."

    def wins_by_position(self, winner: str, decision: Decision) -> str:
        where = "por" if decision.unit == "top" else "en"
        return (
            f"Las dos manos tienen {self._shared(decision)}; {winner} gana {where} "
            f"{self._place(decision)}, {self._versus(decision)}."
        )

    def exact_tie(self, name: str, ranks: str, half: int | None = None) -> str:
        return (
            f"Empate exacto ({self.lower_first(name)}, {ranks} en las dos manos): "
            f"{POT[half]} se reparte, porque los palos nunca desempatan."
        )

    def wins_alone(self, winner: str, name: str) -> str:
        return f"{self.capitalise(winner)} gana: {self.lower_first(name)}."

    def split(self, winners: Sequence[str], name: str, ranks: str, half: int | None = None) -> str:
        return (
            f"{self.capitalise(self.join(winners))} se reparten {POT[half]} con la misma jugada, "
            f"{self.lower_first(name)} ({ranks}): empate exacto, y los palos nunca desempatan."
        )

    def against_best_loser(self, loser: str, name: str, reason: str) -> str:
        return f"Mejor mano perdedora: {loser} ({self.lower_first(name)}); {reason}."

    def also(self, decision: Decision) -> str:
        return (
            f"también tiene {self._shared(decision)}, y decide {self._place(decision)}: "
            f"{self._versus(decision)}"
        )

    def low_name(self, top: int, second: int) -> str:
        return f"Bajo {ONE[top]}-{ONE[second]}"

    def badugi_name(self, size: int, top: int) -> str:
        count = ("una carta", "dos cartas", "tres cartas", "cuatro cartas")[size - 1]
        return f"Badugi de {count}, {_to(top)}"

    def in_ladder(self, key: str) -> str:
        return f" {LADDER_NAMES[key]}" if key in LADDER_NAMES else ""

    def game_name(self, key: str) -> str:
        return GAME_NAMES[key]

    def half(self, index: int) -> str:
        return ("Alta", "Baja")[index]

    def no_low(self) -> str:
        return "sin bajo que califique"

    def join(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) == 1:
            return items[0]
        last = items[-1]
        # "y" becomes "e" before an /i/ sound: "Ana e Inés" (but "y hielo").
        lowered = last.lower()
        sounds_i = lowered.startswith(("i", "í")) or (
            lowered.startswith(("hi", "hí")) and not lowered.startswith(("hia", "hie", "hio"))
        )
        conj = " e " if sounds_i else " y "
        return ", ".join(items[:-1]) + conj + last


#: The words of the commands, tables and game around the hand names, by section
#: (read with :func:`showdown.i18n.words`). ``|`` separates the plural forms of a
#: phrase, chosen by :meth:`~showdown.i18n.base.Phrasebook.plural`.
WORDS: Words = {
    # Error lines of the command line (showdown.i18n.error_lines).
    "errors": {
        "prefix": "error",
        "unknown_card_at": "carta desconocida {card} en la posición {position} de {text}",
        "unknown_card": "carta desconocida {card} ({hint})",
        "card_hint": "una carta es un rango 2-9, T, J, Q, K, A o 10 y luego un palo c, d, h, "
        "s o ♣ ♦ ♥ ♠; para varias cartas use parse_cards",
        "duplicate_in": "carta repetida {card} en {text}",
        "duplicate_between": "carta repetida {card}: {first} y {second}",
        "duplicate": "carta repetida {card}",
        "hand": "mano {number}",
        "player": "jugador {number}",
        "board": "mesa",
        "hand_no_cards": "la mano {number} no tiene cartas",
        "compare_two": "compare necesita al menos dos manos; recibió {count}",
        "equity_two": "equity necesita al menos dos jugadores (manos o rangos)",
        "equity_players": "equity necesita de 2 a 10 jugadores; recibió {count}",
        "board_size": "una mesa tiene 0, 3, 4 o 5 cartas; recibió {count}",
        "no_range": "{game} toma las cartas de cada jugador, no un rango ({spec}); los "
        "rangos son para holdem, omaha y short-deck",
        "stats_sizes": "stats cuenta manos de {game} de {sizes} cartas, no de {cards}",
        "stats_omaha": "stats cuenta manos de {game} de 5 cartas (dos propias y tres de la "
        "mesa), no de {cards}",
        "workers": "--workers debe ser al menos 1; recibió {count}",
        "cannot_read": "no se puede leer {path}",
        "encoding": "la codificación de salida ({encoding}) no puede escribir este texto; "
        "defina PYTHONIOENCODING=utf-8",
        "nested": "la entrada está anidada demasiado profundo para leerla",
        "repeated_key": "la clave {key} aparece dos veces",
        "unquoted_board": "argumentos no reconocidos: {arguments}; ponga entre comillas "
        "una mesa de varias cartas, p. ej. --board \"Qh Jh Th\"",
        "unrecognized": "argumentos no reconocidos: {arguments}",
        "required": "faltan los argumentos: {arguments}",
        "invalid_choice": "argumento {option}: opción no válida: {value} (elija entre {choices})",
        "one_argument": "argumento {option}: se esperaba un valor",
        "invalid_value": "argumento {option}: valor {kind} no válido: {value}",
        "two_places": "la carta {card} está en dos sitios: {first} y {second}",
        "in_hand": "en la mano del jugador {number} ({hand})",
        "on_board": "en la mesa",
        "in_dead": "en las cartas muertas",
        "in_use": "en uso",
        "no_combo_left": "al rango {range} no le queda ningún combo una vez quitadas las "
        "cartas en uso",
        "player_empty": "el jugador {number} no tiene mano ni rango (texto vacío)",
        "player_blank": "el jugador {number} no tiene mano ni rango",
        "range_token_why": "no se puede leer el elemento {token} del rango {text}: {why}",
        "range_token": "no se puede leer el elemento {token} del rango {text}",
        "combo_cards": "un combo explícito son dos cartas, no {count}",
        "pair_suited": "una pareja no puede ser suited ni offsuit",
        "not_a_token": "no es una clase (AKs, AKo, AK, QQ+, K9o+, A5s-A2s), Ax, un "
        "porcentaje (15%), random ni dos cartas (AhKh)",
        "weight_share": "el peso de {token} debe estar entre 0 y 1 (la parte de sus combos en "
        "el rango); se recibió {value} en {text}",
        "empty_range": "rango vacío",
        "players_count": "indique de 2 a {most} jugadores, no {count}",
        "at_most": "como máximo {count} caracteres",
        "unknown_game": "juego desconocido {game}: elija uno de {games}",
        "heatmap_holdem": "el mapa de calor es para Hold'em",
        "heatmap_preflop": "el mapa de calor es preflop: vacíe la mesa y las cartas muertas",
    },
    "eval": {
        "hand": "Mano",
        # A lowball hand without a pair: its category in eval and stats.
        "no_pair": "sin pareja",
        "board": "Mesa",
        "best": "Cinco mejores",
        "best_high": "Cinco mejores (alta)",
        "best_low": "Cinco mejores (baja)",
        "rank": "puesto {rank} de {size} (1 = {best})",
        "starting": "{name}: {combos} · equidad contra una mano al azar {equity}",
        "order_pokerstove": "orden de PokerStove",
        "order_equity": "orden por equidad",
        "place": "{order}: {place} de 169 clases, el {top} mejor de las manos",
        "wrap": "Regla de la casa: el as da la vuelta (Q-K-A-2-3 es escalera)",
        "wins": "gana",
        "splits": "comparte el bote",
        # Hi-lo: what each hand takes (the halves are won and split separately).
        "wins_high": "gana la mitad alta",
        "wins_low": "gana la mitad baja",
        "splits_high": "comparte la mitad alta",
        "splits_low": "comparte la mitad baja",
        "scoops": "se lleva todo el bote",
    },
    "stats": {
        "title": "Las {hands} manos de {size} cartas{best}, {rules}",
        "best": " (las cinco mejores de {size})",
        "standard": "reglas estándar",
        "wrap": "regla de la casa: el as da la vuelta",
        "header": "Categoría|Manos|Proporción|Fuerzas",
        "total": "Total",
        "low": "Manos con un bajo de ocho o menos: {hands} ({share}), {distinct} bajos distintos",
        "4": "cuatro",
        "5": "cinco",
        "6": "seis",
        "7": "siete",
    },
    "equity": {
        "equity": "equidad",
        "win": "gana",
        "tie": "empata",
        "combo": "combo",
        "combos": "{count} combo|{count} combos",
        "weight": "peso",
        "share_axis": "parte de los repartos del jugador, mejores combos primero",
        "high": "alta",
        "low": "baja",
        "scoop": "todo el bote",
        "progress": "Calculando equidad",
        "rate": "showdowns/s",
        "exact": "Cálculo exacto sobre el único showdown posible"
        "|Cálculo exacto sobre los {count} showdowns posibles",
        "monte_carlo": "Método de Montecarlo: {count} simulación (± un error estándar)"
        "|Método de Montecarlo: {count} simulaciones (± un error estándar)",
    },
    "matrix": {
        "vs": "contra",
        "progress": "Calculando la tabla preflop",
        "against": "contra {range}",
    },
    "demo": {
        "title": "showdown: un recorrido por las reglas de la comparación final",
        "intro": "Todos los ejemplos vienen de los documentos de reglas. La biblioteca evalúa "
        "y explica cada uno; los comandos de debajo lo reproducen.",
        "two_pair": "Doble pareja: primero decide la pareja más alta",
        "high_card": "Carta alta: de arriba abajo, hasta la primera diferencia",
        "pair": "Una pareja: después, los kickers en orden",
        "full_house": "Full: decide el trío, y la pareja solo si el trío es igual",
        "wheel": "La rueda: A-2-3-4-5 es la escalera más baja",
        "no_wrap": "El as no da la vuelta: Q-K-A-2-3 no es escalera (salvo regla de la casa)",
        "suits": "Los palos nunca deshacen un empate",
        "board_plays": "Juega la mesa: quienes siguen en la mano reparten el bote",
        "kicker": "Solo cuentan las cinco mejores cartas: aquí decide el kicker",
        "omaha": "Omaha: exactamente dos cartas propias y tres de la mesa",
        "short_deck": "Short deck (del 6 al A): el color supera al full",
        "deuce_to_seven": "Lowball de dos a siete: el as es alto, 7-5-4-3-2 es la mejor",
        "ace_to_five": "Lowball de as a cinco: el as es bajo, A-2-3-4-5 es la mejor",
        "razz": "Razz: el mejor bajo de as a cinco con las siete cartas del jugador",
        "badugi": "Badugi: cuatro cartas de cuatro palos superan a cualquier trío de cartas",
        "omaha_hi_lo": "Omaha hi-lo: la mano alta y el bajo se reparten el bote; con bajos "
        "empatados, un cuarto para cada uno, y sin bajo la alta se lo lleva todo",
        "more": "Más: showdown --help o showdown COMANDO --help.",
    },
    "pots": {
        "half_head": "{pot}, {half} ({chips}):",
        "high": "mitad alta",
        "low": "mitad baja",
        "no_low": "Nadie tiene un bajo que califique, así que la mano alta se lleva todo el bote.",
        "the_pot": "el bote",
        "the_high": "la mitad alta",
        "the_low": "la mitad baja",
        "scoop": "{name} se lleva todo el bote: la mejor mano alta y el mejor bajo.",
        "split_suit_high": "{names} se reparten {what} con {hand}{against}: {shares}; en stud "
        "no hay botón, y la ficha sobrante es para la carta más alta por palo (picas, "
        "corazones, diamantes, tréboles): el único caso en que los palos cuentan.",
        "split_suit_low": "{names} se reparten {what} con {hand}{against}: {shares}; en stud "
        "no hay botón, y la ficha sobrante es para la carta más baja por palo (picas, "
        "corazones, diamantes, tréboles): el único caso en que los palos cuentan.",
        "main": "Bote principal",
        "side": "Bote secundario {n}",
        "chips": "{count} ficha|{count} fichas",
        "share_first": "{chips} para {name}",
        "share_next": "{count} para {name}",
        "seat": "asiento {seat}",
        "seat_subject": "el asiento {seat}",
        "seat_of": "del asiento {seat}",
        "seat_gen": "el asiento {seat}",
        "of": "de {name}",
        "head": "{pot} ({chips}):",
        "wins": "{name} gana con {hand}{against}.",
        "against": " frente a {loser}",
        "against_best": " frente a la mejor mano perdedora, {loser}",
        "tied": "la mano empatada",
        "split": "{names} se reparten {what} con {hand}{against}: {share} cada uno.",
        "split_odd": "{names} se reparten {what} con {hand}{against}: {shares}; las fichas "
        "sobrantes van de una en una empezando a la izquierda del botón.",
        "split_odd_one": "{names} se reparten {what} con {hand}{against}: {shares}; la ficha "
        "sobrante es para el primero de ellos a la izquierda del botón.",
        "tie_all": "Empate exacto ({hand}, {ranks} en todas las manos): {what} se reparte, "
        "porque los palos nunca desempatan.",
        "folds": "todos los demás se retiraron, así que {name} se lo lleva sin enseñar.",
        "alone": "solo {name} puso esas fichas, así que se le devuelven sin enseñar cartas.",
        # One player, or several (the plural forms of the verb).
        "mucked": "{names} no enseñó sus cartas y perdió."
        "|{names} no enseñaron sus cartas y perdieron.",
        "returned": "{name} recupera {chips}: nadie igualó esa parte de la apuesta.",
        "no_pot": "No se apostó ninguna ficha.",
        "col_pot": "Bote",
        "col_amount": "Fichas",
        "col_eligible": "Con derecho",
        "col_winners": "Ganadores",
        "col_hand": "Mano ganadora",
        "order": "Orden para enseñar",
        "no_showdown": "nadie (la mano terminó porque los demás se retiraron)",
        "col_returned": "Devuelto",
        "col_payouts": "Ganancias",
        "hidden": "(sin enseñar)",
    },
    "run": {
        "interrupted": "interrumpido: sin resultado",
    },
    "replay": {
        "summary_hands": "Manos: {hands} (archivos: {files})",
        "summary_errors": "Errores: {errors}",
        "summary_skipped": "Archivos omitidos (no son historiales de manos): {files}",
        "skipped_file": "omitido: {file}: {reason}",
        "unrecorded": "sin resultado registrado",
        "cashed_out": "cobró {paid} al retirarse (comisión {fee})",
        "differs": "{player} nuestro {ours}, registrado {recorded}",
        "unknown": "una mano necesaria en el showdown es desconocida (????)",
        "match": "coincide",
        "odd-chip": "ficha impar",
        "rake": "comisión",
        "unknown-cards": "cartas desconocidas",
        "mismatch": "no coincide",
        "bounty": "recompensa",
        "partial": "incompleta",
        "cash-out": "cash-out",
        "ev_title": "EV all-in: {hands} manos con all-in antes de la última carta "
        "(EV sin calcular: {missing})",
        "ev_player": "jugador",
        "ev_hands": "manos",
        "ev_net": "neto",
        "ev_net100": "neto/100 (cg)",
        "ev_adjusted": "ajustado all-in",
        "ev_adjusted100": "ajustado/100 (cg)",
        "progress": "{hands} manos reproducidas",
    },
    "graph": {
        "net": "ganancia neta",
        "ev_net": "ajustada por EV all-in",
        "showdown": "ganado en el showdown",
        "no_showdown": "ganado sin showdown",
        "x_hands": "manos jugadas",
        "x_date": "fecha",
        "chips": "fichas",
        "hand": "mano {hand} ({room})",
        "nth": "mano {count} del jugador",
        "no_hands": "No hay manos que dibujar",
    },
    "game": {
        "you": "tu mano",
        "dealer": "el crupier",
        # The opponents' names as this language writes them.
        "name_Marta": "Marta",
        "name_Viktor": "Viktor",
    },
}

BOOK = Spanish(WORDS)
