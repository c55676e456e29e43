// The OMPEval side of benchmarks/bench_peers.py: the same work as showdown's side,
// timed inside this process (no start-up or file reading in the figures).
//
//   driver batch FILE THREADS [WIDTH]   7-card ranks of FILE's rows into an array: uint8
//                                       ids, or with WIDTH 2 or 8 the same ids as int16
//                                       or int64 (the file's bytes widened before timing)
//   driver mc TRIALS RANGE RANGE...     Monte Carlo, one thread, TRIALS showdowns
//   driver exact RANGE RANGE...         exact enumeration, one thread
//   driver exact board=CARDS RANGE...   the same on a board (e.g. board=Ts9s2h)
//   driver exact calls=N ...            the same N times over, timed per call
//   driver all7                         every 7-card hand counted by category
//
// Each prints "seconds count checksum cpu_seconds" on one line: cpu_seconds is the
// process's CPU time over the same span (the work's own time, whatever else runs).
#include "omp/EquityCalculator.h"
#include "omp/HandEvaluator.h"
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace omp;
using Clock = std::chrono::steady_clock;

static double since(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

static double cpu_now()
{
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Rows of any integer type: OMPEval's Hand takes the id as it is (it checks nothing).
template <typename Id>
static void rank_rows(const HandEvaluator &ev, const Id *rows, size_t n, uint16_t *out)
{
    for (size_t i = 0; i < n; i++, rows += 7) {
        Hand h = Hand::empty() + Hand(rows[0]) + Hand(rows[1]) + Hand(rows[2]) + Hand(rows[3]) +
                 Hand(rows[4]) + Hand(rows[5]) + Hand(rows[6]);
        out[i] = ev.evaluate(h);
    }
}

template <typename Id>
static void rank_all(const HandEvaluator &ev, const std::vector<Id> &rows, size_t n,
                     uint16_t *out, unsigned threads)
{
    if (threads <= 1) {
        rank_rows(ev, rows.data(), n, out);
        return;
    }
    std::vector<std::thread> pool;
    size_t step = (n + threads - 1) / threads;
    for (unsigned k = 0; k < threads; k++) {
        size_t lo = k * step, hi = lo + step < n ? lo + step : n;
        pool.emplace_back(rank_rows<Id>, std::cref(ev), rows.data() + 7 * lo, hi - lo, out + lo);
    }
    for (auto &t : pool) {
        t.join();
    }
}

static int batch(const char *path, unsigned threads, int width)
{
    FILE *f = std::fopen(path, "rb");
    if (!f) {
        std::perror(path);
        return 1;
    }
    std::vector<uint8_t> rows;
    uint8_t buf[1 << 16];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) {
        rows.insert(rows.end(), buf, buf + got);
    }
    std::fclose(f);
    size_t n = rows.size() / 7;
    HandEvaluator ev;
    std::vector<uint16_t> out(n); // allocated and touched before the clock starts
    // the same ids widened (as showdown's side gets them from numpy), before the clock
    std::vector<int16_t> rows16(width == 2 ? rows.begin() : rows.end(), rows.end());
    std::vector<int64_t> rows64(width == 8 ? rows.begin() : rows.end(), rows.end());
    double c0 = cpu_now();
    auto t0 = Clock::now();
    if (width == 2) {
        rank_all(ev, rows16, n, out.data(), threads);
    } else if (width == 8) {
        rank_all(ev, rows64, n, out.data(), threads);
    } else {
        rank_all(ev, rows, n, out.data(), threads);
    }
    double s = since(t0), cpu = cpu_now() - c0;
    // checksum: hands per category (value >> 12), as "c1:n1,c2:n2,..."
    uint64_t cats[16] = {0};
    for (size_t i = 0; i < n; i++) {
        cats[out[i] >> 12]++;
    }
    std::printf("%.9f %zu ", s, n);
    for (int c = 0; c < 16; c++) {
        if (cats[c]) {
            std::printf("%d:%llu,", c, (unsigned long long)cats[c]);
        }
    }
    std::printf(" %.9f\n", cpu);
    return 0;
}

static int equity(int argc, char **argv, bool exact, uint64_t trials)
{
    // calls=N (exact only): the whole job N times over, each on its own calculator (made
    // before the clock, as the one calculator of a single call), the ranges read again;
    // the figures printed are per call.
    unsigned calls = 1;
    if (argc > 0 && std::strncmp(argv[0], "calls=", 6) == 0) {
        calls = (unsigned)std::strtoul(argv[0] + 6, nullptr, 10);
        argc--, argv++;
    }
    // The clock starts before the ranges and the board are read, as showdown's side
    // reads its text inside the timed call.
    std::unique_ptr<EquityCalculator[]> calculators(new EquityCalculator[calls]);
    double c0 = cpu_now();
    auto t0 = Clock::now();
    EquityCalculator::Results r;
    for (unsigned call = 0; call < calls; call++) {
        EquityCalculator &eq = calculators[call];
        std::vector<CardRange> ranges;
        uint64_t board = 0;
        for (int i = 0; i < argc; i++) {
            std::string arg(argv[i]);
            if (arg.compare(0, 6, "board=") == 0) {
                board = CardRange::getCardMask(arg.substr(6));
            } else {
                ranges.emplace_back(arg);
            }
        }
        if (!exact) {
            eq.setHandLimit(trials);
        }
        if (!eq.start(ranges, board, 0, exact, exact ? 0 : 1e-12, nullptr, 10.0, 1)) {
            std::fprintf(stderr, "OMPEval refused the ranges\n");
            return 1;
        }
        eq.wait();
        r = eq.getResults();
    }
    double s = since(t0) / calls, cpu = (cpu_now() - c0) / calls;
    std::printf("%.9f %llu %.6f %.9f\n", s, (unsigned long long)r.hands, r.equity[0], cpu);
    return 0;
}

static int all7()
{
    HandEvaluator ev;
    uint64_t cats[16] = {0};
    double c0 = cpu_now();
    auto t0 = Clock::now();
    Hand h0 = Hand::empty();
    for (unsigned a = 0; a < 52; a++) {
        Hand h1 = h0 + a;
        for (unsigned b = a + 1; b < 52; b++) {
            Hand h2 = h1 + b;
            for (unsigned c = b + 1; c < 52; c++) {
                Hand h3 = h2 + c;
                for (unsigned d = c + 1; d < 52; d++) {
                    Hand h4 = h3 + d;
                    for (unsigned e = d + 1; e < 52; e++) {
                        Hand h5 = h4 + e;
                        for (unsigned f = e + 1; f < 52; f++) {
                            Hand h6 = h5 + f;
                            for (unsigned g = f + 1; g < 52; g++) {
                                cats[ev.evaluate(h6 + g) >> 12]++;
                            }
                        }
                    }
                }
            }
        }
    }
    double s = since(t0);
    uint64_t total = 0;
    for (int c = 0; c < 16; c++) {
        total += cats[c];
    }
    std::printf("%.9f %llu %llu %.9f\n", s, (unsigned long long)total,
                (unsigned long long)cats[STRAIGHT_FLUSH >> HAND_CATEGORY_SHIFT], cpu_now() - c0);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !std::strcmp(argv[1], "batch")) {
        int width = argc >= 5 ? std::atoi(argv[4]) : 1;
        if (width != 1 && width != 2 && width != 8) {
            std::fprintf(stderr, "driver batch: WIDTH is 1 (uint8), 2 (int16) or 8 (int64)\n");
            return 2;
        }
        return batch(argv[2], (unsigned)std::atoi(argv[3]), width);
    }
    if (argc >= 5 && !std::strcmp(argv[1], "mc")) {
        return equity(argc - 3, argv + 3, false, std::strtoull(argv[2], nullptr, 10));
    }
    if (argc >= 4 && !std::strcmp(argv[1], "exact")) {
        return equity(argc - 2, argv + 2, true, 0);
    }
    if (argc == 2 && !std::strcmp(argv[1], "all7")) {
        return all7();
    }
    std::fprintf(stderr, "usage: driver batch FILE THREADS [WIDTH] | mc TRIALS R R.. | exact [board=B] R R.. | all7\n");
    return 2;
}
