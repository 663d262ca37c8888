// leapfrog chess match: games of the engine against a random or capture-greedy player.
#include <algorithm>
#include <iostream>
#include <limits>

#include "chess/match.h"
#include "cli/chess_options.h"
#include "cli/command_json.h"
#include "cli/progress.h"
#include "cli/search_options.h"
#include "core/text.h"

namespace leapfrog::cli {

using chess::Move;
using chess::Position;

int chess_match(const Command& cmd, const std::vector<std::string>& args) {
  ChessOptions o;
  std::string fen = "startpos", opponent = "random";
  std::uint64_t games = 100, seed = 1, nodes = 2000;
  int max_plies = 300;
  std::size_t hash_mb = kDefaultHashMb;
  po::options_description visible;
  po::options_description match("Match");
  match.add_options()("opponent",
                      name_value(&opponent, "opponent", {"random", "greedy"})
                          ->default_value("random")
                          ->value_name("NAME"),
                      "the engine's opponent: random (any legal move) or greedy (the capture "
                      "that takes the most material, else any move)")(
      "games", whole_value(&games, "games", 1, 100000)->default_value("100")->value_name("N"),
      "games to play, the engine taking Red and Black in turn")(
      "nodes",
      whole_value(&nodes, "nodes", 1, 1'000'000'000)->default_value("2000")->value_name("N"),
      "the engine's node budget per move")(
      "max-plies",
      whole_value(&max_plies, "max-plies", 1, 10000)->default_value("300")->value_name("N"),
      "a game that lasts this many plies is a draw")(
      "seed",
      whole_value(&seed, "seed", 0, std::numeric_limits<std::uint64_t>::max())
          ->default_value("1")
          ->value_name("S"),
      "seed of the opponent's random choices (game k uses seed + k)");
  add_hash_option(match, hash_mb, "each engine search takes at most this much");
  visible.add(chess_rule_options(o)).add(match).add(output_options(o.common, Boards::kNone));
  if (!parse_command(cmd, args, visible, o.common,
                     {{"fen", &fen, "leave it out for the start position"}}))
    return 0;
  const Position start = chess_position(fen);
  chess::GameSettings settings;
  settings.rules = rules_of(o);
  settings.engine_nodes = nodes;
  settings.hash_mb = std::min<std::size_t>(table_mb(hash_mb), 64);
  settings.max_plies = max_plies;
  const chess::Player other =
      opponent == "greedy" ? chess::Player::kGreedy : chess::Player::kRandom;
  const auto& stop = install_interrupt_flag();
  settings.stop = &stop;
  std::uint64_t wins = 0, losses = 0, draws = 0, played = 0;
  Json list = Json::array();
  for (std::uint64_t k = 0; k < games && !stop.load(); ++k) {
    const bool engine_red = k % 2 == 0;
    const chess::GameRecord g =
        chess::play_game(start, engine_red ? chess::Player::kEngine : other,
                         engine_red ? other : chess::Player::kEngine, settings, seed + k);
    if (g.end == "stopped") break;  // an unfinished game has no result
    ++played;
    const int engine_colour = engine_red ? chess::kRed : chess::kBlack;
    const char* result = g.winner < 0 ? "draw" : g.winner == engine_colour ? "win" : "loss";
    (g.winner < 0 ? draws : g.winner == engine_colour ? wins : losses)++;
    if (o.common.json) {
      list.push_back(Json{{"engine", engine_red ? "red" : "black"},
                          {"result", result},
                          {"end", g.end},
                          {"plies", g.moves.size()}});
    } else {
      std::cout << "game " << k + 1 << ": engine " << (engine_red ? "Red" : "Black") << " vs "
                << opponent << ": " << result << " (" << g.end << ", "
                << count_text(g.moves.size(), "ply", "plies") << ")" << std::endl;
      // A reader that has gone (`| head`) ends the match now, not after every game.
      check_stdout();
    }
  }
  const double score = played ? 100.0 * static_cast<double>(wins) / static_cast<double>(played) : 0;
  // One reading for the summary and the exit code; a signal after the last game is no stop.
  const bool stopped = played < games && stop.load();
  if (o.common.json) {
    print_json(Json{{"opponent", opponent},
                    {"games", played},
                    {"wins", wins},
                    {"losses", losses},
                    {"draws", draws},
                    {"win_percent", score},
                    {"nodes", nodes},
                    {"captures", o.captures},
                    {"list", list},
                    {"stopped", stopped}});
  } else {
    const auto counted = [](std::uint64_t n, const char* one, const char* many) {
      return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::cout << "engine (" << nodes << " nodes a move) vs " << opponent << ": "
              << counted(wins, "win", "wins") << ", " << counted(losses, "loss", "losses") << ", "
              << counted(draws, "draw", "draws") << " in " << counted(played, "game", "games")
              << " (" << score << "% won)" << (stopped ? "; interrupted" : "") << "\n";
  }
  if (stopped) {
    std::cerr << "leapfrog chess match: interrupted; " << count_text(played, "game", "games")
              << " finished and counted above\n";
    return 2;
  }
  return 0;
}

}  // namespace leapfrog::cli
