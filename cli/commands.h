// Entry points of the subcommands, one file each (cmd_*.cpp); the table is in main.cpp.
#pragma once

#include <span>
#include <string_view>

#include "cli/common.h"
#include "core/exchange.h"

namespace leapfrog::cli {

int run_show(const Command&, const std::vector<std::string>&);
int run_moves(const Command&, const std::vector<std::string>&);
int run_perft(const Command&, const std::vector<std::string>&);
int run_generate(const Command&, const std::vector<std::string>&);
int run_check(const Command&, const std::vector<std::string>&);
int run_sheet(const Command&, const std::vector<std::string>&);
int run_best(const Command&, const std::vector<std::string>&);
int run_verify(const Command&, const std::vector<std::string>&);
int run_bench(const Command&, const std::vector<std::string>&);
int run_solve(const Command&, const std::vector<std::string>&);
int run_reach(const Command&, const std::vector<std::string>&);
int run_survey(const Command&, const std::vector<std::string>&);
int run_chess(const Command&, const std::vector<std::string>&);
int run_analyse(const Command&, const std::vector<std::string>&);
int run_play(const Command&, const std::vector<std::string>&);
int run_hub(const Command&, const std::vector<std::string>&);
int run_serve(const Command&, const std::vector<std::string>&);
int run_egdb(const Command&, const std::vector<std::string>&);

// The table of subcommands (name, help, entry point), and one of them by name (null: none).
std::span<const Command> command_table();
const Command* find_command(std::string_view name);

// The one line an error ends a command (or the program, given "PROGRAM" alone) with:
// "PROGRAM COMMAND: MESSAGE. Try 'PROGRAM COMMAND --help'.", the message's control characters
// escaped, and no second full stop after its own (or after the "..." of a cut quotation).
// Without `help` (input or output the system refused), no pointer to the help.
std::string error_line(std::string_view program_command, std::string_view message,
                       bool help = true);

// reach and solve with their level-by-level work split over the ranks of `exchange`
// (leapfrog-mpi): every rank runs the command with the same arguments; the output is that
// of the command run alone. Null: this process alone (run_reach, run_solve).
int run_reach_split(const Command&, const std::vector<std::string>&, LevelExchange* exchange);
int run_solve_split(const Command&, const std::vector<std::string>&, LevelExchange* exchange);

}  // namespace leapfrog::cli
