/*
 * The extension module showdown._native._kernel: the Tables type, its methods with
 * their docstrings, and the module's ABI and TALLY constants. The methods are
 * defined by concern in the other files (see kernel.h).
 */
#include "kernel.h"

PyDoc_STRVAR(rank_doc,
"rank(ids) -> int\n\n"
"Rank (1..7462) of the best five of 5 to 7 distinct card ids (ints or Cards).\n"
"Ids outside 0..51, a repeated card or a wrong count raise CardError.");

PyDoc_STRVAR(omaha_doc,
"omaha(hole, board) -> int\n\n"
"Best rank using exactly two of 4-6 hole ids and three of 3-5 board ids (checked).");

PyDoc_STRVAR(batch_doc,
"batch(ids, out, check) -> int\n\n"
"Ranks of the rows of a 2-d integer buffer (5-7 columns, any strides) into ``out``\n"
"(uint16). Returns -1, or the index of the first row with an id outside 0..51\n"
"(or, if ``check``, a repeated card). Releases the GIL.");

PyDoc_STRVAR(vector_batch_doc,
"vector_batch(n, width=1) -> str\n\n"
"The vector path batch() takes here for dense rows of n ids (5-7) of ``width`` bytes:\n"
"'avx512' (sixteen rows at a time: AVX-512 F, BW, VBMI, BITALG; every width), 'avx2'\n"
"(eight at a time; uint8 and int16) or 'none' (the scalar loops), by what this\n"
"processor has, what these tables allow and the cap (simd()).");

PyDoc_STRVAR(omaha_batch_doc,
"omaha_batch(hole, board, out, check) -> int\n\n"
"Omaha ranks of the rows of two 2-d integer buffers (4-6 and 3-5 columns) into ``out``;\n"
"returns -1 or the first bad row, as batch(). Releases the GIL.");

PyDoc_STRVAR(tally_doc,
"tally(ranks, counts)\n\n"
"Add the showdowns of P rank arrays (uint16, equal lengths) to ``counts`` (int64, P x 11):\n"
"counts[p][k] counts the showdowns player p won among k best hands. Releases the GIL.");

PyDoc_STRVAR(holdem_exact_doc,
"holdem_exact(deck, board, holes, counts, merge=True)\n\n"
"Exact Hold'em showdowns for each deal: ``holes`` (D x P x 2 ids), boards of\n"
"``board`` (0 to 5 known ids) completed from ``deck`` (ascending ids) less the deal's\n"
"hole cards; adds to ``counts`` (int64, D x P x 11). With ``merge`` the suits that can\n"
"no longer flush are walked once per rank, weighted (the same counts, fewer showdowns);\n"
"without, every board. Releases the GIL.");

PyDoc_STRVAR(exact_deal_classes_doc,
"exact_deal_classes(combos, weights, sets, limit, group_most)\n\n"
"The deals of an exact Hold'em job (one combo per ranged player, no card twice) and "
"their classes up to a suit permutation, as showdown.odds.deals.enumerate_deals and "
"showdown.odds.suit_symmetry.canonical_classes give them. combos: per ranged player (1 to 10) "
"an (m, 2) int64 array flattened; weights: per player float64 (m,); sets: card-id "
"sequences (board, dead cards, each fixed hand) the suit maps must keep. Returns None "
"past ``limit`` deals, else bytes (picks int64 (D, R), weights float64, suit-major "
"masks uint64, representatives int64 (C,), class of each deal int64 (D,), class "
"weights float64 (C,)), the number of suit maps kept and the walks (on a flop or turn "
"the classes' distinct flush keys, the deals holdem_exact walks; else the classes: "
"sets[0] is the board, sets[2:] the fixed hands); the deals are grouped only with at most five ranged players, "
"two maps or more and ceil(D / maps) <= group_most.");

PyDoc_STRVAR(exact_ranged_doc,
"exact_ranged(board, dead, seats, limit, group_most, most_walks)\n\n"
"A small exact Hold'em job whole: seats, 2 to 10 (combos, weights) tuples (combos an "
"(m, 2) int64 array flattened, weights float64; one combo: a fixed hand), are cleared of "
"the board, the dead cards and the fixed hands; their deals listed and grouped as "
"exact_deal_classes does (the suit maps keeping the board, the dead cards and each fixed "
"hand); and each class's first deal counted over every board as holdem_exact does. "
"Returns (deals, walks (see exact_deal_classes), class weights as float64 bytes, counts "
"as int64 bytes (C, P, 11)), or None where the general path must answer: a card in two "
"places, a range left with one combo or none, past ``limit`` deals, no deal, more than "
"``most_walks`` walks.");

PyDoc_STRVAR(deal_picks_doc,
"deal_picks(masks, cumulative, picks, seed, most)\n\n"
"Draw one combo per ranged player for each column of picks (int64, (P, N), written): "
"player p's combo i has card mask masks[p][i] (uint64) and cumulative weight "
"cumulative[p][i] (float64). Each deal is drawn whole, player by player by weight, "
"and drawn again if two combos share a card, so the deals kept have the chance the "
"product of their weights gives. Returns the attempts used, or -1 once more than most "
"were needed (picks then partly written). xoshiro256** seeded with seed; the GIL is "
"released.");

PyDoc_STRVAR(holdem_deals_doc,
"holdem_deals(board, live, players, groups, trials, seed, counts, most)\n\n"
"Monte Carlo Hold'em showdowns with the ranged players' deals and the boards both drawn "
"here, tallied here. players: per player a (combos, None) tuple, combos an (m, 2) int64 "
"array flattened (m == 1: a fixed hand). groups: (members, columns, cumulative) tuples "
"covering every ranged player once: a group's joint combos are the rows of columns "
"((D, members) int64, each a combo index per member, no card twice), drawn by their "
"weights (cumulative: D float64, not decreasing). A trial draws one joint combo per "
"group, again whole while two share a card (the deals kept have the chance the product "
"of their weights gives), then the board's missing cards, uniform among the live cards "
"the deal leaves (from the first group's list of them, see ranged_deals.c). Adds to counts (int64, P x 11). Returns the deal attempts used, or -1 once "
"more than most were needed (counts then partly added). xoshiro256** seeded with seed; "
"the GIL is released.");

PyDoc_STRVAR(holdem_draw_doc,
"holdem_draw(board, live, players, trials, seed, counts, ranks=None)\n\n"
"Monte Carlo Hold'em showdowns with the boards drawn here: each trial completes\n"
"``board`` (0 to 5 known ids) with cards of ``live`` (ids the board may use) drawn\n"
"uniformly (as two parts, 2 + 3 cards or 2 + 2: a pair of the deck, then a triple or pair\n"
"of the cards it leaves; redrawn only when they hit the trial's hole cards). ``players``: per\n"
"player an (m, 2) array of combos (int64, flattened) and an int64 array picking one\n"
"per trial, or None for a fixed hand. The draws come from xoshiro256** seeded with\n"
"``seed``, so one seed gives the same\n"
"counts on every machine. Adds to ``counts`` (int64, P x 11), or, given ``ranks`` (uint16,\n"
"P x trials, C-contiguous), writes each trial's ranks there instead (for per-trial\n"
"weights). Releases the GIL.");

PyDoc_STRVAR(omaha_draw_doc,
"omaha_draw(board, live, hole, players, trials, seed, ranks, cards=None, counts=None)\n\n"
"Monte Carlo Omaha showdowns with the boards drawn here: each trial completes ``board``\n"
"(3 to 5 known ids, or none) with cards of ``live`` drawn uniformly (a partial\n"
"Fisher-Yates shuffle of the live cards, drawn again when it hits the trial's hole\n"
"cards). ``players``: per player an (m, ``hole``) array of combos (int64, flattened) and\n"
"an int64 array picking one per trial, or None for a fixed hand; or None for a random\n"
"hand, ``hole`` cards dealt from ``live`` each trial with the board (every hand of the\n"
"cards the other players' hands leave equally likely; a card a picked hand holds is\n"
"drawn again, card by card). Writes each trial's best Omaha rank per player into\n"
"``ranks`` (uint16, P x trials, C-contiguous) and, given ``cards`` (uint8, trials x\n"
"(hole x random hands + missing board cards)), the cards each trial dealt: the random\n"
"hands in player order, then the board's. Given ``counts`` (int64, P x 11), adds each\n"
"trial's showdown there too (counts[p][k]: trials player p won among k best); ``ranks``\n"
"may then be None. The draws come from xoshiro256** seeded with ``seed``. Releases the\n"
"GIL.");

PyDoc_STRVAR(rank_counts_doc,
"rank_counts(n, out)\n\n"
"How many hands of ``n`` (5, 6 or 7) cards of one deck have each rank: ``out`` (int64,\n"
"7463 items, index = rank) is overwritten. Counted, not enumerated: each multiset of\n"
"ranks (at most four of a rank) once, weighted by its suitings with no five cards of\n"
"one suit; each set of k >= 5 suited ranks once, weighted by 4 x C(39, n - k).");

/* The Python-visible methods of Tables, each defined in the file named in kernel.h. */
static PyMethodDef Tables_methods[] = {
    {"rank", (PyCFunction)sd_Tables_rank, METH_O, rank_doc},
    {"omaha", (PyCFunction)(void (*)(void))sd_Tables_omaha, METH_FASTCALL, omaha_doc},
    {"batch", (PyCFunction)sd_Tables_batch, METH_VARARGS, batch_doc},
    {"vector_batch", (PyCFunction)(void (*)(void))sd_Tables_vector_batch, METH_FASTCALL,
     vector_batch_doc},
    {"omaha_batch", (PyCFunction)sd_Tables_omaha_batch, METH_VARARGS, omaha_batch_doc},
    {"tally", (PyCFunction)sd_Tables_tally, METH_VARARGS, tally_doc},
    {"holdem_exact", (PyCFunction)sd_Tables_holdem_exact, METH_VARARGS, holdem_exact_doc},
    {"exact_deal_classes", (PyCFunction)sd_Tables_exact_deal_classes, METH_VARARGS,
     exact_deal_classes_doc},
    {"exact_ranged", (PyCFunction)sd_Tables_exact_ranged, METH_VARARGS, exact_ranged_doc},
    {"holdem_draw", (PyCFunction)sd_Tables_holdem_draw, METH_VARARGS, holdem_draw_doc},
    {"deal_picks", (PyCFunction)sd_Tables_deal_picks, METH_VARARGS, deal_picks_doc},
    {"holdem_deals", (PyCFunction)sd_Tables_holdem_deals, METH_VARARGS, holdem_deals_doc},
    {"omaha_draw", (PyCFunction)sd_Tables_omaha_draw, METH_VARARGS, omaha_draw_doc},
    {"rank_counts", (PyCFunction)sd_Tables_rank_counts, METH_VARARGS, rank_counts_doc},
    {"badugi_batch", (PyCFunction)sd_Tables_badugi_batch, METH_VARARGS,
     PyDoc_STR("badugi_batch(ids, table, out, check) -> int\n\nBadugi values of the rows of "
               "a 2-d buffer of four card ids into ``out`` (uint16) from ``table`` (uint16, "
               "1820 x 24 entries: rank multiset by suit pattern). Returns -1 or the first "
               "bad row, as batch(). Releases the GIL.")},
    {"stud_hilo_batch", (PyCFunction)sd_Tables_stud_hilo_batch, METH_VARARGS,
     PyDoc_STR("stud_hilo_batch(ids, low, high_out, low_out, check) -> int\n\nStud eight "
               "or better, rows of 5-7 ids: the high values (these tables) into ``high_out`` "
               "and the lows into ``low_out``, read from ``low`` (uint16[256]: the best low "
               "of each set of low ranks, ace bit 0 to eight bit 7). Returns -1 or the "
               "first bad row, as batch(). Releases the GIL.")},
    {"omaha_hilo", (PyCFunction)sd_Tables_omaha_hilo, METH_VARARGS,
     PyDoc_STR("omaha_hilo(hole, board, pair, triple, ranks, high_out, low_out, check) -> "
               "int\n\nOmaha eight or better, both halves per row from one read of "
               "``ranks`` (uint32 high << 16 | low by rank multisets: ``pair`` uint16[169], "
               "``triple`` uint32[2197]) per two hole and three board cards, and these "
               "Tables' flush table. Returns -1 or the first bad row, as batch(). Releases "
               "the GIL.")},
    {"omaha_boards", (PyCFunction)sd_Tables_omaha_boards, METH_VARARGS,
     PyDoc_STR("omaha_boards(deck, known, start, holes, hole_len, out)\n\nOmaha ranks of "
               "each combo (``holes``: int64, rows of ``hole_len`` = 4..6 ids) on the boards "
               "``start``, ``start + 1``, ... (colex order) completing ``known`` (int64, 0..5 "
               "ids) with cards of ``deck`` (int64, ascending) into ``out`` (uint16, combos "
               "x boards, row-major); rank 0 where a board shares a card with the combo. "
               "Releases the GIL (see omaha_exact.c).")},
    {"omaha_deal_counts", (PyCFunction)sd_Tables_omaha_deal_counts, METH_VARARGS,
     PyDoc_STR("omaha_deal_counts(tables, picks, boards, counts)\n\nAdd each deal's "
               "showdowns to ``counts`` (int64, deals x players x 11): player p holds row "
               "``picks[d * players + p]`` (int64) of ``tables[p]`` (uint16, rows x "
               "``boards`` ranks, 0 where the board touches the combo); boards where a rank "
               "is 0 do not count. Releases the GIL (see omaha_exact.c).")},
    {"phh_settle", (PyCFunction)sd_Tables_phh_settle, METH_VARARGS,
     PyDoc_STR("phh_settle(hands, shapes, infinite) -> list\n\nReplay and settle a run of PHH hands "
               "(their fields dicts) of the variants in ``shapes``; per hand None (the "
               "Python path replays it) or the settled hand (see histories.c and settlement.c "
               "in showdown/_native, and showdown.phh.corpus.batches).")},
    {"phh_toml", (PyCFunction)sd_Tables_phh_toml, METH_O,
     PyDoc_STR("phh_toml(text) -> dict | None\n\nThe plain TOML of hand histories as "
               "tomllib reads it (one key = value per line, see toml.c), else None.")},
    {"room_hands", (PyCFunction)sd_Tables_room_hands, METH_VARARGS,
     PyDoc_STR("room_hands(parts, room, game) -> list\n\nThe hands of a room's file (the "
               "pieces split_hands cuts) as HandBuilder.build writes them: per piece "
               "(name, fields), or None where the Python reader reads it (see rooms.c). "
               "``game(room, header)`` reads a header's game.")},
    {"runout_shares", (PyCFunction)sd_Tables_runout_shares, METH_VARARGS,
     PyDoc_STR("runout_shares(deck, board, holes, hole_len, pots, out, omaha, no_low, "
               "merge=True)\n\n"
               "Every board completing ``board`` (0 to 4 ids) with cards of ``deck`` (ascending "
               "ids), every hand of ``holes`` (int64, players x ``hole_len`` flattened: 2 "
               "for Hold'em and short deck with these Tables' ladder, 4 to 6 for Omaha) ranked "
               "on it and each pot (``pots``: int64 bitmasks of two or more players) split "
               "among its best contenders: adds to ``out`` (int64, players x pots) the parts "
               "won in units of 1/5040 of the pot. ``omaha``: None, or the Omaha tables "
               "(pair, triple, ranks) as omaha_hilo takes them; ``no_low``: 0, or for hi-lo "
               "the low ladder's no-hand value (half to the best high, half to the best "
               "qualifying low). ``merge``: Hold'em preflop, the boards counted by rank "
               "multisets and the flush boards apart (the same integers, far fewer "
               "boards); else one by one. Releases the GIL (see runout_shares.c).")},
    {"phh_rows", (PyCFunction)sd_Tables_phh_rows, METH_VARARGS,
     PyDoc_STR("phh_rows(histories, results, fmt, python_fields, house_fields, added_fields, "
               "infinite) -> list\n\nThe report rows (showdown.phh.corpus.reports) of the hands "
               "phh_settle settled (``results``) whose recorded result is a clean match or "
               "rake; None where the Python path makes the row (see verification.c).")},
    {NULL, NULL, 0, NULL},
};

PyDoc_STRVAR(Tables_doc,
"Tables(card_keys, flush_suit, flush, keys, values, starts, on_error, on_omaha_error,\n"
"       *, key_gaps=False)\n\n"
"One ladder's lookup tables, read from buffers: card keys (52), flush suit per low key\n"
"bits for 5, 6, 7 cards (3 x 256), the flush table (8192), and per hand size 5, 6, 7\n"
"the sorted non-flush rank-key sums, their ranks and the compact rows' starts.\n"
"``on_error(ids)`` and ``on_omaha_error(hole, board)`` raise the error of bad input.\n"
"``key_gaps``: the keys are given as gaps from the previous key (the packed form).");

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "showdown._native._kernel.Tables",
    .tp_basicsize = sizeof(Tables),
    .tp_dealloc = (destructor)sd_Tables_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = Tables_doc,
    .tp_methods = Tables_methods,
    .tp_new = sd_Tables_new,
};

static PyMethodDef module_methods[] = {
    {"simd", (PyCFunction)(void (*)(void))sd_simd, METH_FASTCALL,
     PyDoc_STR("simd(name=None) -> str\n\nCaps the batch's vector paths at 'avx512' (no "
               "cap), 'avx2' (and no VPOPCNTQ: what a processor without AVX-512 runs) or "
               "'none' (the scalar loops), as SHOWDOWN_SIMD does when the module loads; "
               "returns the widest path then in force on this processor (see simd.c).")},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "showdown._native._kernel",
    .m_doc = "showdown's native evaluation and equity kernels (see showdown.hands.native).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__kernel(void)
{
    if (PyType_Ready(&TablesType) < 0 || sd_simd_init() < 0) {
        return NULL;
    }
    PyObject *module = PyModule_Create(&kernel_module);
    if (module == NULL) {
        return NULL;
    }
    Py_INCREF(&TablesType);
    if (PyModule_AddObject(module, "Tables", (PyObject *)&TablesType) < 0 ||
        PyModule_AddIntConstant(module, "ABI", KERNEL_ABI) < 0 ||
        PyModule_AddIntConstant(module, "TALLY", TALLY) < 0) {
        Py_DECREF(&TablesType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
