/*
 * What the room readers share (rooms.c and the rooms_*.c files; see rooms.c): the spans
 * of text they read, the hand being built (Rm, as showdown.phh.rooms.builder.HandBuilder
 * holds it), the small text helpers they inline, and their functions across files.
 */
#ifndef SHOWDOWN_ROOMS_H
#define SHOWDOWN_ROOMS_H

#include "kernel.h"

#define RM_SEATS 10
#define RM_NANO 1000000000LL
#define RM_MOST (RM_NANO * RM_NANO) /* amounts below 10**9 whole chips */
#define RM_EVENTS 256
#define RM_ARG 4096

/* 1 for a hand this file does not read: Python reads it. */
#define RM_NOT_MINE 1

typedef struct {
    const char *p;
    Py_ssize_t n;
} Span;

typedef struct {
    Span name;
    int seat;
    int64_t stack;
    unsigned char out, playing, folded, mucked, has_hole, has_shown, has_bounty;
    int64_t ante, blind, bet, spent, collected, bounty;
    int has_bet, has_ante, has_blind;
    char hole[16], shown[16]; /* card texts run together ("AcKd") */
    int nhole, nshown;
    int64_t unmatched; /* HandBuilder.unmatched: the part of a "raise" nobody could answer */
    int64_t won_bounty; /* HandBuilder.won_bounties */
    int eliminated_by;  /* HandBuilder.eliminated: 1 + the index of who knocked this one out, 0 */
    int64_t dead_in_raise; /* HandBuilder.dead_in_raise: dead chips a "raises to" counts */
    int64_t late_small; /* HandBuilder.late_small: a small blind posted out of position */
} RmPlayer;

typedef struct {
    int who; /* player index, -1 for the dealer */
    char verb; /* 'f' fold, 'c' cc, 'r' cbr, 'b' board, 'd' cards dealt to the player,
                  's' the player's discards, 'p' a bring-in */
    int arg, argn; /* into the builder's arg buffer */
} RmEvent;

typedef struct {
    PyObject *room;    /* borrowed */
    PyObject *variant; /* owned */
    Span hand;
    int has_hand, button, np, nev, argn, runs, ncollected, nfees, anybounty;
    int has_small, has_big, has_bring_in;
    int64_t small, big, bring_in;
    RmPlayer pl[RM_SEATS];
    RmEvent ev[RM_EVENTS];
    char args[RM_ARG];
    const char *fee_key[4];
    int64_t fee[4];
    PyObject *meta; /* a dict, owned */
    int collects_unmatched; /* HandBuilder.collects_unmatched (Winamax, with an all-in) */
    int completable; /* HandBuilder.completable */
    int anywonbounty; /* a bounty won (HandBuilder.won_bounties not empty) */
} Rm;

/* The lines of a hand (text.strip("\n").split("\n")) one by one. */
typedef struct {
    Span rest;
    int done;
} RmLines;

/* ------------------------------------------------------------- text helpers */

static inline int rm_starts(Span s, const char *prefix)
{
    size_t k = strlen(prefix);
    return (size_t)s.n >= k && memcmp(s.p, prefix, k) == 0;
}

static inline Span rm_from(Span s, Py_ssize_t k)
{
    Span t = {s.p + k, s.n - k};
    return t;
}

static inline int rm_eq(Span a, Span b)
{
    return a.n == b.n && memcmp(a.p, b.p, (size_t)a.n) == 0;
}

/* Where ``needle`` first occurs in s (-1: nowhere). */
static inline Py_ssize_t rm_find(Span s, const char *needle)
{
    size_t k = strlen(needle);
    const char *p = s.p, *end = s.p + s.n;
    while ((size_t)(end - p) >= k && (p = memchr(p, needle[0], (size_t)(end - p) - k + 1)) != NULL) {
        if (memcmp(p, needle, k) == 0) {
            return p - s.p;
        }
        p++;
    }
    return -1;
}

static inline int rm_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* ASCII white space as str.strip sees it (other white space: see rm_plain). */
static inline int rm_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

static inline Span rm_rstrip(Span s)
{
    while (s.n > 0 && rm_space(s.p[s.n - 1])) {
        s.n--;
    }
    return s;
}

static inline Span rm_strip(Span s)
{
    s = rm_rstrip(s);
    while (s.n > 0 && rm_space(s.p[0])) {
        s.p++;
        s.n--;
    }
    return s;
}

/* n digits (lo..hi of them, greedy) at s[*k]; -1 when fewer than lo. */
static inline int rm_digits(Span s, Py_ssize_t *k, int lo, int hi)
{
    int v = 0, c = 0;
    while (c < hi && *k < s.n && rm_digit(s.p[*k])) {
        v = 10 * v + (s.p[*k] - '0');
        (*k)++;
        c++;
    }
    return c < lo ? -1 : v;
}

static inline int rm_is_letter(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static inline int rm_contains(Span s, const char *needle)
{
    return rm_find(s, needle) >= 0;
}

/* Whether a span is exactly the text. */
static inline int rm_is(Span s, const char *text)
{
    return (size_t)s.n == strlen(text) && memcmp(s.p, text, (size_t)s.n) == 0;
}

/* ------------------------------------------------------- across the files */

/* rooms_text.c: amounts, cards, dates, the fields' names, the lines of a hand */
int rm_datetime_ready(void);
int rm_amount(Span raw, int64_t *out);
int rm_first_amount(Span s, int64_t *out, Py_ssize_t *end);
PyObject *rm_number(int64_t v);
int rm_text(int64_t v, char *out);
int rm_set(PyObject *dict, const char *key, PyObject *value);
PyObject *rm_name(Span s);
int rm_cards(Span s, char *out, int *count, int most);
int rm_brackets(Span s, Span *found, int most);
int rm_clock(Rm *b, int y, int mo, int d, int h, int mi, int s, Span zone);
int rm_number_run(Span s, Py_ssize_t *k);
int rm_when(Rm *b, Span line);
int rm_game(Rm *b, PyObject *game, PyObject *room, const char *key, Py_ssize_t n);
int rm_currency(Rm *b, Span s);
int rm_variant(Rm *b, PyObject *game, const char *room, Span name);
RmLines rm_lines(Span text);
int rm_next_line(RmLines *lines, Span *line);
int rm_word_is(Span w, const char *lower);

/* rooms_builder.c: HandBuilder's steps and build() */
int rm_index(Rm *b, Span name);
int rm_seat(Rm *b, int seat, Span name, int64_t stack, int playing);
int rm_player(Rm *b, Span name);
int rm_post(Rm *b, int i, char kind, int64_t value, int64_t dead);
int rm_act(Rm *b, int i, char verb, int64_t value);
int rm_deal(Rm *b, int i, const char *cards, int n, char verb);
void rm_street(Rm *b);
int rm_steps(const char *variant);
int rm_fixed(const char *variant);
int rm_board(Rm *b, const char *cards, int n);
int rm_runout(Rm *b, int run, const char *cards, int n);
int rm_collect(Rm *b, Span name, int64_t value);
extern const char *const rm_fee_names[4];
int rm_fee(Rm *b, const char *key, int64_t value);
int rm_build(Rm *b, PyObject **fields);

/* the readers: 0 read (then rm_build), RM_NOT_MINE for Python, -1 on a Python error */
int rm_stars(Rm *b, Span text, PyObject *game, int colon, int winamax); /* rooms_stars.c */
int rm_ipoker(Rm *b, Span text, PyObject *game);                        /* rooms_ipoker.c */
int rm_888(Rm *b, Span text, PyObject *game);                           /* rooms_brackets.c */

#endif /* SHOWDOWN_ROOMS_H */
