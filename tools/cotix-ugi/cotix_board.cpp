// The engine side of Spielwerk's UGI bridge for Cotix/Abalone (C++, MIT,
// github Cotix/Abalone): Spielwerk's board protocol (see
// tools/abalone-bridge-ugi/src/engine.rs) on standard input and output,
// around Cotix's `Game`. Our own code; Cotix's Game.cpp and Game.h are
// compiled with it from upstream/ (not part of the repository).
//
// Cells: Spielwerk numbers the 61 cells row by row from row A (bottom),
// each row by increasing diagonal: a1 = 0 ... i9 = 60. Cotix keeps a board
// in a 128-bit word, row r (1..9, bottom first) at bits 11 r .. 11 r + 10,
// the leftmost cell of a row at its highest bit. So Spielwerk's (row R,
// diagonal D) is Cotix's bit 11 R + 10 - D, and Spielwerk's E, NE, NW are
// Cotix's RIGHT (-1), UP_RIGHT (+10), UP_LEFT (+11).

#include <chrono>
#include <csetjmp>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>

#include <sys/time.h>

#include "Game.h"

// Cotix's table sizes (entries), defined in Game.cpp.
extern uint64_t transposition_size_short;
extern uint64_t transposition_size_long;
extern uint64_t transposition_size;

using namespace std::chrono;

namespace {

const int CELLS = 61;
const unsigned __int128 ONE = 1;

// Cotix's bit of each Spielwerk cell index.
int cotix_bit[CELLS];

void build_cells() {
    int index = 0;
    for (int row = 1; row <= 9; ++row) {
        int first = row <= 5 ? 1 : row - 4;
        int last = row <= 5 ? row + 4 : 9;
        for (int diag = first; diag <= last; ++diag) {
            cotix_bit[index++] = 11 * row + 10 - diag;
        }
    }
}

unsigned __int128 to_cotix(uint64_t cells) {
    unsigned __int128 board = 0;
    for (int n = 0; n < CELLS; ++n) {
        if (cells >> n & 1) board |= ONE << cotix_bit[n];
    }
    return board;
}

uint64_t to_cells(unsigned __int128 board) {
    uint64_t cells = 0;
    for (int n = 0; n < CELLS; ++n) {
        if (board >> cotix_bit[n] & 1) cells |= uint64_t(1) << n;
    }
    return cells;
}

// The search's state, kept outside the stack frames a timer may leave.
sigjmp_buf search_jump;
volatile sig_atomic_t searching = 0;
unsigned __int128 best_boards[2];
int best_score, best_depth;

// The timer's end of a search: back to timed_search, whatever Cotix's
// search is doing (it allocates nothing and holds no locks while it runs).
void on_alarm(int) {
    if (searching) siglongjmp(search_jump, 1);
}

// Cotix's iterative deepening (Game::iterative_search, from depth 2, the
// best move of the last finished iteration) with a timer that ends the
// search at its time. Cotix looks at the clock only at nodes 4 or more plies
// from the horizon, so an iteration of depth 3 cannot be stopped and one of
// depth 4 can run on for a second and more after its time; the timer keeps
// it to its time.
int timed_search(Game* game, int side, int ms) {
    auto start = high_resolution_clock::now();
    const unsigned __int128 start_boards[2] = {game->board[0], game->board[1]};
    best_depth = 0;
    best_score = -127;
    if (sigsetjmp(search_jump, 1) == 0) {
        itimerval timer = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
        searching = 1;
        setitimer(ITIMER_REAL, &timer, nullptr);
        for (int depth = 2; depth < 26; ++depth) {
            if (duration_cast<milliseconds>(high_resolution_clock::now() - start).count() >= ms) break;
            try {
                game->board[0] = start_boards[0];
                game->board[1] = start_boards[1];
                int score = game->negamax(side, depth, -127, 127, true, start, ms);
                best_boards[0] = game->board[0];
                best_boards[1] = game->board[1];
                best_score = score;
                best_depth = depth;
            } catch (int) {
                break;
            }
        }
    }
    searching = 0;
    itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, nullptr);
    game->board[0] = start_boards[0];
    game->board[1] = start_boards[1];
    if (best_depth == 0) {
        // Not even depth 2 in time: depth 1, which takes microseconds.
        best_score = game->negamax(side, 1, -127, 127, true, start, 1 << 30);
        best_boards[0] = game->board[0];
        best_boards[1] = game->board[1];
        best_depth = 1;
    }
    game->board[0] = best_boards[0];
    game->board[1] = best_boards[1];
    game->last_depth = best_depth;
    return best_score;
}

std::string marbles(unsigned __int128 p1, unsigned __int128 p2) {
    char text[48];
    std::snprintf(text, sizeof text, "%llx:%llx", (unsigned long long)to_cells(p1),
                  (unsigned long long)to_cells(p2));
    return text;
}

}  // namespace

int main(int argc, char** argv) {
    // --table N: entries of each of Cotix's two tables (default: Cotix's own,
    // 33,554,393 each, 2 GiB in all).
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::string(argv[i]) == "--table") {
            transposition_size_short = transposition_size_long = std::stoull(argv[i + 1]);
            transposition_size = transposition_size_short + transposition_size_long;
        }
    }
    build_cells();
    std::signal(SIGALRM, on_alarm);
    // As Cotix's own front end (main.cpp, stdin_play): a two-player game with
    // the fixed centre in the evaluation.
    Game* game = new Game(2, true);
    int side = 0;
    std::cout << "ready Cotix/Abalone c9fc568" << std::endl;
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream words(line);
        std::string command;
        words >> command;
        if (command == "pos") {
            int to_move;
            std::string p1, p2;
            unsigned ejected_by_p1, ejected_by_p2;
            if (!(words >> to_move >> p1 >> p2 >> ejected_by_p1 >> ejected_by_p2) ||
                (to_move != 1 && to_move != 2)) {
                std::cout << "error cannot read '" << line << "'" << std::endl;
                continue;
            }
            uint64_t black, white;
            try {
                black = std::stoull(p1, nullptr, 16);
                white = std::stoull(p2, nullptr, 16);
            } catch (const std::exception&) {
                std::cout << "error bad bitboard in '" << line << "'" << std::endl;
                continue;
            }
            side = to_move - 1;
            game->board[0] = to_cotix(black);
            game->board[1] = to_cotix(white);
            // Cotix counts a side's losses as its marbles at the start less
            // those on the board.
            game->piece_count[0] = __builtin_popcountll(black) + ejected_by_p2;
            game->piece_count[1] = __builtin_popcountll(white) + ejected_by_p1;
            std::cout << "ok" << std::endl;
        } else if (command == "moves") {
            unsigned __int128 boards[1024];
            unsigned __int128 saved[2] = {game->board[0], game->board[1]};
            int count = game->get_possible_moves(side, boards);
            game->board[0] = saved[0];
            game->board[1] = saved[1];
            std::string answer = "moves";
            for (int i = 0; i < count; ++i) answer += " " + marbles(boards[2 * i], boards[2 * i + 1]);
            std::cout << answer << std::endl;
        } else if (command == "go") {
            int ms = 1000;
            words >> ms;
            unsigned __int128 saved[2] = {game->board[0], game->board[1]};
            int score = timed_search(game, side, ms < 1 ? 1 : ms);
            std::string after = marbles(game->board[0], game->board[1]);
            game->board[0] = saved[0];
            game->board[1] = saved[1];
            std::cout << "best " << after << " " << game->last_depth << " " << score << std::endl;
        } else if (command == "new") {
            // A fresh table, as a fresh start of Cotix's program.
            unsigned counts[2] = {game->piece_count[0], game->piece_count[1]};
            delete game;
            game = new Game(2, true);
            game->piece_count[0] = counts[0];
            game->piece_count[1] = counts[1];
            std::cout << "ok" << std::endl;
        } else if (command == "quit") {
            break;
        } else if (!command.empty()) {
            std::cout << "error unknown command '" << command << "'" << std::endl;
        }
    }
    delete game;
    return 0;
}
