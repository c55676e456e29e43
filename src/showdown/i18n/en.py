"""English hand names and explanation sentences.

>>> from showdown.categories import AnyCategory, BadugiCategory, Category
>>> BOOK.describe(Category.FULL_HOUSE, (1, 1, 1, 12, 12))
'Full house, threes full of aces'
>>> BOOK.beats(Category.FLUSH, False, Category.STRAIGHT)
'a flush beats a straight'
"""

from __future__ import annotations

from collections.abc import Sequence

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.i18n.base import ACE, WHEEL_TOP, Decision, Phrasebook, Words

C = Category
B = BadugiCategory
ONE = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
       "jack", "queen", "king", "ace")  # fmt: skip
MANY = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
        "jacks", "queens", "kings", "aces")  # fmt: skip
ORDINAL = ("first", "second", "third", "fourth", "fifth")

NAMES = {
    C.HIGH_CARD: "high card",
    C.PAIR: "pair",
    C.TWO_PAIR: "two pair",
    C.THREE_OF_A_KIND: "three of a kind",
    C.STRAIGHT: "straight",
    C.FLUSH: "flush",
    C.FULL_HOUSE: "full house",
    C.FOUR_OF_A_KIND: "four of a kind",
    C.STRAIGHT_FLUSH: "straight flush",
    B.FOUR_CARD: "four-card badugi",
    B.THREE_CARD: "three-card badugi",
    B.TWO_CARD: "two-card badugi",
    B.ONE_CARD: "one-card badugi",
}
# "A flush beats a straight", but "two pair", "three of a kind" take no article.
WITH_ARTICLE = {
    C.HIGH_CARD: "high card",
    C.PAIR: "a pair",
    C.TWO_PAIR: "two pair",
    C.THREE_OF_A_KIND: "three of a kind",
    C.STRAIGHT: "a straight",
    C.FLUSH: "a flush",
    C.FULL_HOUSE: "a full house",
    C.FOUR_OF_A_KIND: "four of a kind",
    C.STRAIGHT_FLUSH: "a straight flush",
    B.FOUR_CARD: "a four-card badugi",
    B.THREE_CARD: "a three-card badugi",
    B.TWO_CARD: "a two-card badugi",
    B.ONE_CARD: "a one-card badugi",
}
#: Categories whose name takes ``a`` inside a sentence (``a pair``, but ``two pair``).
ARTICLE_IN_SENTENCE = frozenset({C.PAIR, C.STRAIGHT, C.FLUSH, C.FULL_HOUSE, C.STRAIGHT_FLUSH})
GROUP = {
    "pair": "the pair",
    "high_pair": "the first pair",
    "low_pair": "the second pair",
    "trips": "the three of a kind",
    "full_pair": "the pair",
    "quads": "the four of a kind",
    "top": "the top card",
}


LADDER_NAMES = {
    "high-wrap": "with the wrap-around rule",
    "short-deck": "in short deck",
    "short-deck-trips": "in short deck (three of a kind above a straight)",
    "deuce-to-seven": "in deuce-to-seven lowball",
    "ace-to-five": "in ace-to-five lowball",
    "eight-or-better": "in the eight-or-better low",
}


GAME_NAMES = {
    "holdem": "Texas Hold'em: best five of hand and board",
    "omaha": "Omaha: exactly two hole cards and three from the board",
    "five-card": "Five-card poker",
    "short-deck": "Short deck: 36 cards, a flush beats a full house, A-6-7-8-9 is the lowest "
    "straight",
    "omaha-hi-lo": "Omaha hi-lo: the pot is split between the best high and the best "
    "eight-or-better low",
    "stud": "Seven-card stud: the best five of a player's seven cards",
    "stud-hi-lo": "Seven-card stud hi-lo: the best high and the best eight-or-better low",
    "razz": "Razz: the best ace-to-five low of seven cards",
    "deuce-to-seven": "Deuce-to-seven lowball: the ace is high, straights and flushes count "
    "against you",
    "ace-to-five": "Ace-to-five lowball: the ace is low, straights and flushes do not count",
    "badugi": "Badugi: four cards, the most of all different suits and ranks, lowest wins",
    "courchevel": "Courchevel: five hole cards, exactly two of them and three from the board",
    "courchevel-hi-lo": "Courchevel hi-lo: five hole cards, the pot split between the best "
    "high and the best eight-or-better low",
}


#: What a tie splits: the pot, or one half of a hi-lo pot.
POT: dict[int | None, str] = {None: "the pot", 0: "the high half", 1: "the low half"}


class English(Phrasebook):
    """English, with the usual poker idiom (``kings full of fours``, ``five high``)."""

    code = "en"
    first_hand = "the first hand"
    second_hand = "the second hand"

    def hand_label(self, number: int) -> str:
        return f"hand {number}"

    def in_sentence(
        self, name: str, category: AnyCategory, top: int, low: bool, article: bool
    ) -> str:
        if category == C.HIGH_CARD and not low:
            return f"{ONE[top]} high"
        name = super().in_sentence(name, category, top, low, article)
        if article and (category in ARTICLE_IN_SENTENCE or low):
            name = ("an " if name[:1] in "ae" else "a ") + name
        return name

    def rank(self, rank: int, plural: bool = False, case: str = "nom") -> str:
        return MANY[rank] if plural else ONE[rank]

    def category(self, category: AnyCategory) -> str:
        return NAMES[category]

    def describe(self, category: Category, ranks: Sequence[int]) -> str:
        top = ranks[0]
        if category == C.STRAIGHT_FLUSH:
            return "Royal flush" if top == ACE else f"Straight flush, {ONE[top]} high"
        if category == C.FOUR_OF_A_KIND:
            return f"Four of a kind, {MANY[top]}"
        if category == C.FULL_HOUSE:
            return f"Full house, {MANY[top]} full of {MANY[ranks[3]]}"
        if category == C.FLUSH:
            return f"Flush, {ONE[top]} high"
        if category == C.STRAIGHT:
            return f"Straight, {ONE[top]} high"
        if category == C.THREE_OF_A_KIND:
            return f"Three of a kind, {MANY[top]}"
        if category == C.TWO_PAIR:
            return f"Two pair, {MANY[top]} and {MANY[ranks[2]]}"
        if category == C.PAIR:
            return f"Pair of {MANY[top]}"
        return f"High card, {ONE[top]}"

    def beats(self, win: AnyCategory, win_royal: bool, lose: AnyCategory) -> str:
        winner = "a royal flush" if win_royal else WITH_ARTICLE[win]
        return f"{winner} beats {WITH_ARTICLE[lose]}"

    def _shared(self, d: Decision) -> str:
        """What both hands have, as far as they agree (object of ``have``)."""
        r, i, cat = d.ranks, d.index, d.category
        if cat == C.HIGH_CARD and d.low:
            return f"{'an' if r[0] in (6, 12) else 'a'} {ONE[r[0]]} low" if i >= 1 else "a low"
        if cat == C.HIGH_CARD:
            return "only high card"
        if cat == C.PAIR and i >= 2:
            return f"a pair of {MANY[r[0]]}"
        if cat == C.TWO_PAIR and i == 4:
            return f"two pair, {MANY[r[0]]} and {MANY[r[2]]}"
        if cat == C.TWO_PAIR and i >= 2:
            return f"two pair, {MANY[r[0]]} up"
        if cat == C.THREE_OF_A_KIND and i >= 3:
            return f"three {MANY[r[0]]}"
        if cat == C.FULL_HOUSE and i >= 3:
            return f"a full house with three {MANY[r[0]]}"
        if cat == C.FOUR_OF_A_KIND and i >= 4:
            return f"four {MANY[r[0]]}"
        return WITH_ARTICLE[cat]

    def _place(self, d: Decision) -> str:
        """The deciding place as a noun phrase: ``the third card``, ``the first pair``."""
        if d.unit == "card":
            return f"the {ORDINAL[d.index]} card" + (" (the kicker)" if d.kicker else "")
        return GROUP[d.unit]

    def _top(self, rank: int, category: AnyCategory) -> str:
        if rank != WHEEL_TOP:
            return f"{ONE[rank]} high"
        wheel = "the steel wheel" if category == C.STRAIGHT_FLUSH else "the wheel"
        return f"five high ({wheel})"

    def _versus(self, d: Decision) -> str:
        if d.unit == "top":
            return f"{self._top(d.win, d.category)} against {self._top(d.lose, d.category)}"
        if d.unit == "card":
            return f"{ONE[d.win]} against {ONE[d.lose]}"
        return f"{MANY[d.win]} against {MANY[d.lose]}"

    def wins_by_category(self, winner: str, beats: str) -> str:
        return f"{self.capitalise(winner)} wins: {beats}."

    def wins_by_position(self, winner: str, decision: Decision) -> str:
        return (
            f"Both hands have {self._shared(decision)}; {winner} wins on "
            f"{self._place(decision)}, {self._versus(decision)}."
        )

    def exact_tie(self, name: str, ranks: str, half: int | None = None) -> str:
        return (
            f"Exact tie ({self.lower_first(name)}, {ranks} in both hands): "
            f"{POT[half]} is split, because suits never break ties."
        )

    def wins_alone(self, winner: str, name: str) -> str:
        return f"{self.capitalise(winner)} wins: {self.lower_first(name)}."

    def split(self, winners: Sequence[str], name: str, ranks: str, half: int | None = None) -> str:
        return (
            f"{self.capitalise(self.join(winners))} split {POT[half]} with the same hand, "
            f"{self.lower_first(name)} ({ranks}): an exact tie, and suits never break ties."
        )

    def against_best_loser(self, loser: str, name: str, reason: str) -> str:
        return f"Best losing hand: {loser} ({self.lower_first(name)}); {reason}."

    def also(self, decision: Decision) -> str:
        return (
            f"also {self._shared(decision)}, and {self._place(decision)} decides: "
            f"{self._versus(decision)}"
        )

    def low_name(self, top: int, second: int) -> str:
        return f"{ONE[top].capitalize()}-{ONE[second]} low"

    def badugi_name(self, size: int, top: int) -> str:
        count = ("One", "Two", "Three", "Four")[size - 1]
        return f"{count}-card badugi, {ONE[top]} high"

    def in_ladder(self, key: str) -> str:
        return f" {LADDER_NAMES[key]}" if key in LADDER_NAMES else ""

    def game_name(self, key: str) -> str:
        return GAME_NAMES[key]

    def half(self, index: int) -> str:
        return ("High", "Low")[index]

    def no_low(self) -> str:
        return "no qualifying low"

    def join(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) <= 2:
            return " and ".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]


#: The words of the commands, tables and game around the hand names, by section
#: (read with :func:`showdown.i18n.words`). ``|`` separates the plural forms of a
#: phrase, chosen by :meth:`~showdown.i18n.base.Phrasebook.plural`.
WORDS: Words = {
    # Error lines of the command line (showdown.i18n.error_lines): English is the
    # pattern a raised message is matched against, {fields} carried over.
    "errors": {
        "prefix": "error",
        "unknown_card_at": "unknown card {card} at position {position} of {text}",
        "unknown_card": "unknown card {card} ({hint})",
        "card_hint": "one card is a rank 2-9, T, J, Q, K, A or 10, then a suit c, d, h, s or "
        "♣ ♦ ♥ ♠; for several cards use parse_cards",
        "duplicate_in": "duplicate card {card} in {text}",
        "duplicate_between": "duplicate card {card}: {first} and {second}",
        "duplicate": "duplicate card {card}",
        "hand": "hand {number}",
        "player": "player {number}",
        "board": "board",
        "hand_no_cards": "hand {number} has no cards",
        "compare_two": "compare needs at least two hands, got {count}",
        "equity_two": "equity needs at least two players (hands or ranges)",
        "equity_players": "equity needs 2 to 10 players, got {count}",
        "board_size": "a board has 0, 3, 4 or 5 cards, got {count}",
        "no_range": "{game} takes each player's own cards, not a range ({spec}); ranges are "
        "for holdem, omaha and short-deck",
        "stats_sizes": "stats counts {game} hands of {sizes} cards, not {cards}",
        "stats_omaha": "stats counts {game} hands of 5 cards (two hole cards and three of the "
        "board), not {cards}",
        "workers": "--workers must be at least 1, got {count}",
        "cannot_read": "cannot read {path}",
        "encoding": "the output encoding ({encoding}) cannot write this text; set "
        "PYTHONIOENCODING=utf-8",
        "nested": "the input is nested too deeply to read",
        "repeated_key": "the key {key} is given twice",
        "unquoted_board": "unrecognized arguments: {arguments}; quote a board of "
        "several cards, e.g. --board \"Qh Jh Th\"",
        "unrecognized": "unrecognized arguments: {arguments}",
        "required": "the following arguments are required: {arguments}",
        "invalid_choice": "argument {option}: invalid choice: {value} (choose from {choices})",
        "one_argument": "argument {option}: expected one argument",
        "invalid_value": "argument {option}: invalid {kind} value: {value}",
        # A card dealt twice, a range emptied by the cards in use, bad range text: the
        # library's errors carry these codes and fields (showdown.validate.reason).
        "two_places": "card {card} is in two places: {first} and {second}",
        "in_hand": "in player {number}'s hand ({hand})",
        "on_board": "on the board",
        "in_dead": "in the dead cards",
        "in_use": "in use",
        "no_combo_left": "range {range} has no combo left once the cards in use are removed",
        "player_empty": "player {number} has no hand or range (empty text)",
        "player_blank": "player {number} has no hand or range",
        "range_token_why": "cannot read range token {token} in {text}: {why}",
        "range_token": "cannot read range token {token} in {text}",
        "combo_cards": "an explicit combo is two cards, not {count}",
        "pair_suited": "a pair cannot be suited or offsuit",
        "not_a_token": "not a class (AKs, AKo, AK, QQ+, K9o+, A5s-A2s), Ax, a percentage "
        "(15%), random, or two cards (AhKh)",
        "weight_share": "the weight of {token} must be from 0 to 1 (the share of its combos in "
        "the range), got {value} in {text}",
        "empty_range": "empty range",
        # The lab's own reasons (its page words them from its err_<code> keys).
        "players_count": "give 2 to {most} players, not {count}",
        "at_most": "at most {count} characters",
        "unknown_game": "unknown game {game}: choose one of {games}",
        "heatmap_holdem": "the heat map is for Hold'em",
        "heatmap_preflop": "the heat map is preflop: clear the board and the dead cards",
    },
    "eval": {
        "hand": "Hand",
        # A lowball hand without a pair: its category in eval and stats.
        "no_pair": "no pair",
        "board": "Board",
        "best": "Best five",
        # Hi-lo: the five cards of each half.
        "best_high": "Best high five",
        "best_low": "Best low five",
        "rank": "rank {rank} of {size} (1 = {best})",
        # A starting hand without a board: its class and its place in each order.
        "starting": "{name}: {combos} · equity against one random hand {equity}",
        "order_pokerstove": "PokerStove order",
        "order_equity": "equity order",
        "place": "{order}: {place} of 169 classes, top {top} of hands",
        "wrap": "House rule: the ace wraps around (Q-K-A-2-3 is a straight)",
        "wins": "wins",
        "splits": "splits the pot",
        # Hi-lo: what each hand takes (the halves are won and split separately).
        "wins_high": "wins the high half",
        "wins_low": "wins the low half",
        "splits_high": "splits the high half",
        "splits_low": "splits the low half",
        "scoops": "scoops the pot",
    },
    "stats": {
        "title": "All {hands} hands of {size} cards{best}, {rules}",
        "best": " (best five of {size})",
        "standard": "standard rules",
        "wrap": "house rule: the ace wraps around",
        "header": "Category|Hands|Share|Distinct",
        "total": "Total",
        "low": "Hands with a qualifying eight-or-better low: {hands} ({share}), "
        "{distinct} distinct lows",
        "4": "four",
        "5": "five",
        "6": "six",
        "7": "seven",
    },
    "equity": {
        "equity": "equity",
        "win": "win",
        "tie": "tie",
        "combo": "combo",
        "combos": "{count} combo|{count} combos",
        "weight": "weight",
        "share_axis": "share of the player's deals, best combos first",
        # Hi-lo columns: the expected share of each half, and how often one takes it all.
        "high": "high",
        "low": "low",
        "scoop": "scoop",
        "progress": "Computing equity",
        "rate": "showdowns/s",
        "exact": "exact over {count} showdown|exact over {count} showdowns",
        "monte_carlo": "Monte Carlo, {count} trial (± one standard error)"
        "|Monte Carlo, {count} trials (± one standard error)",
    },
    "matrix": {
        "vs": "vs",
        "progress": "Computing the preflop table",
        "against": "against {range}",
    },
    "demo": {
        "title": "showdown: a tour of the rules of the showdown",
        "intro": "Every example below comes from the rule documents. Each one is evaluated "
        "and explained by the library; the commands under it reproduce it.",
        "two_pair": "Two pair: the higher pair decides first",
        "high_card": "High card: compare top down, stop at the first difference",
        "pair": "One pair: then the kickers, in order",
        "full_house": "Full house: the three of a kind decides, the pair only after it",
        "wheel": "The wheel: A-2-3-4-5 is the lowest straight",
        "no_wrap": "No wrap-around: Q-K-A-2-3 is not a straight (unless a house rule says so)",
        "suits": "Suits never break a tie",
        "board_plays": "The board plays: everyone still in splits the pot",
        "kicker": "Only the best five count: here the kicker decides",
        "omaha": "Omaha: exactly two hole cards and three board cards",
        "short_deck": "Short deck (6 to A): a flush beats a full house",
        "deuce_to_seven": "Deuce-to-seven lowball: the ace is high, 7-5-4-3-2 is the best",
        "ace_to_five": "Ace-to-five lowball: the ace is low, A-2-3-4-5 is the best",
        "razz": "Razz: the best ace-to-five low of a stud player's seven cards",
        "badugi": "Badugi: four cards of four suits beat any three",
        "omaha_hi_lo": "Omaha hi-lo: the high and the low share the pot; a tied low takes a "
        "quarter each, and with no low the high hand scoops",
        "more": "More: showdown --help, or showdown COMMAND --help.",
    },
    "pots": {
        "half_head": "{pot}, {half} ({chips}):",
        "high": "high half",
        "low": "low half",
        "no_low": "No qualifying low, so the high hand scoops the pot.",
        # What a split shares: the whole pot, or one half of a hi-lo pot.
        "the_pot": "the pot",
        "the_high": "the high half",
        "the_low": "the low half",
        "scoop": "{name} scoops the pot: the best high hand and the best low.",
        "split_suit_high": "{names} split {what} with {hand}{against}: {shares}; with no "
        "button in stud, the odd chip goes to the highest card by suit (spades, hearts, "
        "diamonds, clubs), the only place where suits matter.",
        "split_suit_low": "{names} split {what} with {hand}{against}: {shares}; with no "
        "button in stud, the odd chip goes to the lowest card by suit (spades, hearts, "
        "diamonds, clubs), the only place where suits matter.",
        "main": "Main pot",
        "side": "Side pot {n}",
        "chips": "{count} chip|{count} chips",
        "share_first": "{chips} to {name}",
        "share_next": "{count} to {name}",
        "seat": "seat {seat}",
        "seat_subject": "seat {seat}",
        "seat_of": "seat {seat}'s",
        "seat_gen": "seat {seat}",
        "of": "{name}'s",
        "head": "{pot} ({chips}):",
        "wins": "{name} wins with {hand}{against}.",
        "against": " against {loser}",
        "against_best": " against the best losing hand, {loser}",
        "tied": "their hand",
        "split": "{names} split {what} with {hand}{against}: {share} each.",
        "split_odd": "{names} split {what} with {hand}{against}: {shares}; the odd chips go "
        "one each from the left of the button.",
        "split_odd_one": "{names} split {what} with {hand}{against}: {shares}; the odd chip "
        "goes to the first of them left of the button.",
        "tie_all": "Exact tie ({hand}, {ranks} in every hand): {what} is split, because "
        "suits never break ties.",
        "folds": "everyone else folded, so {name} takes it without showing.",
        "alone": "only {name} paid into it, so it goes back to {name} without a showdown.",
        "mucked": "{names} mucked and lost.",
        "returned": "{chips} returned to {name}: nobody called that part of the bet.",
        "no_pot": "No chips were bet.",
        # Column headings and labels of the CLI table.
        "col_pot": "Pot",
        "col_amount": "Chips",
        "col_eligible": "Eligible",
        "col_winners": "Winners",
        "col_hand": "Winning hand",
        "order": "Showdown order",
        "no_showdown": "none (the hand ended by folds)",
        "col_returned": "Returned",
        "col_payouts": "Payouts",
        "hidden": "(no showdown)",
    },
    "run": {
        # A long equity or matrix job stopped by Ctrl-C: nothing is printed as the result.
        "interrupted": "interrupted: no result",
    },
    "replay": {
        "summary_hands": "Hands: {hands} (files: {files})",
        "summary_errors": "Errors: {errors}",
        "summary_skipped": "Skipped files (not hand histories): {files}",
        "skipped_file": "skipped: {file}: {reason}",
        "unrecorded": "no recorded result",
        "cashed_out": "cashed out for {paid} (fee {fee})",
        "differs": "{player} ours {ours}, recorded {recorded}",
        "unknown": "a hand needed at the showdown is unknown (????)",
        "match": "match",
        "odd-chip": "odd chip",
        "rake": "rake",
        "unknown-cards": "unknown cards",
        "mismatch": "mismatch",
        "bounty": "bounty",
        "partial": "partial",
        "cash-out": "cash-out",
        "ev_title": "All-in EV: {hands} hands with an all-in before the last card "
        "(EV not computed: {missing})",
        "ev_player": "player",
        "ev_hands": "hands",
        "ev_net": "net",
        "ev_net100": "net/100 (bb)",
        "ev_adjusted": "all-in adjusted",
        "ev_adjusted100": "adjusted/100 (bb)",
        "progress": "replayed {hands} hands",
    },
    "graph": {
        # The lines of a player's graph (showdown db graph, the tracker page).
        "net": "net won",
        "ev_net": "all-in EV adjusted",
        "showdown": "won at showdown",
        "no_showdown": "won without showdown",
        "x_hands": "hands played",
        "x_date": "date",
        "chips": "chips",
        # What a point of the graph is, on hover.
        "hand": "hand {hand} ({room})",
        "nth": "the player's hand {count}",
        "no_hands": "No hands to draw",
    },
    "game": {
        "you": "your hand",
        "dealer": "the dealer",
        # The opponents' names as this language writes them.
        "name_Marta": "Marta",
        "name_Viktor": "Viktor",
    },
}

BOOK = English(WORDS)
