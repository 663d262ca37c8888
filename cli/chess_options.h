// What the chess subcommands (cli/cmd_chess_*.cpp) share: the options every one takes and how a
// search's value is written. The dispatcher is in cli/cmd_chess.cpp.
#pragma once

#include <string>
#include <vector>

#include "chess/movegen.h"
#include "cli/common.h"

namespace leapfrog::cli {

// The options every chess subcommand takes.
struct ChessOptions {
  CommonOptions common;
  std::string captures = "compulsory";
  std::string svg;
};

// The --captures option, read into `o.captures`.
po::options_description chess_rule_options(ChessOptions& o);

// The rules `o.captures` names (the option has checked the name).
chess::Rules rules_of(const ChessOptions& o);

// "+35", "-120", "mate in 3", "mated in 2" (moves of the side to move).
std::string value_text(int v);

// The subcommands of `leapfrog chess`, one file each (cli/cmd_chess_NAME.cpp); the table that
// names them is in cli/cmd_chess.cpp.
int chess_show(const Command& cmd, const std::vector<std::string>& args);
int chess_moves(const Command& cmd, const std::vector<std::string>& args);
int chess_perft(const Command& cmd, const std::vector<std::string>& args);
int chess_verify(const Command& cmd, const std::vector<std::string>& args);
int chess_analyse(const Command& cmd, const std::vector<std::string>& args);
int chess_match(const Command& cmd, const std::vector<std::string>& args);
int chess_play(const Command& cmd, const std::vector<std::string>& args);

}  // namespace leapfrog::cli
