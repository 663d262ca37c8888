// Entry points of the subcommands, one file each (cmd_*.cpp); the table is in main.cpp.
#pragma once

#include "cli/common.h"

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

}  // namespace leapfrog::cli
