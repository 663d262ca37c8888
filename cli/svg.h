// SVG diagrams of positions, chains and lines, for documents and puzzle sheets.
//
// Contract: the output is a self-contained, well-formed SVG element (no external fonts,
// stylesheets or images; no XML declaration, so it can also be inlined in HTML), and it is
// stable: the same input gives the same bytes on every machine (all numbers are written
// with one fixed decimal). No-squares are not drawn at all. File letters and rank numbers
// stand on the edges.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/notation.h"

namespace leapfrog::cli {

struct SvgOptions {
  double cell = 40;         // side of one square, in SVG user units
  bool coordinates = true;  // file letters and rank numbers on the edges
  std::string title;        // a <title> (shown as a tooltip); none when empty
  // Prefix of the ids inside the SVG (the arrow-head marker); give each diagram of one HTML
  // page its own.
  std::string id = "lf";
  int columns = 4;  // svg_line: diagrams per row
  // svg_line: the caption of the last diagram; empty: "end: +TOTAL points" (or pieces), the
  // sum of what the turns captured.
  std::string end_caption;
};

// The position.
std::string svg_board(const Setup& setup, const SvgOptions& options = {});

// Escapes & < > " for XML (and HTML) text and attribute values; a byte that is not part of
// well-formed UTF-8, and a control character XML does not allow, becomes U+FFFD.
std::string xml_escape(std::string_view s);

// The position with `turn` drawn on it: the chain as a path from the start square through
// every landing square with an arrow head, the start square ringed and every captured
// piece crossed out (a removal: the removed piece crossed out).
std::string svg_chain(const Setup& setup, const Turn& turn, const SvgOptions& options = {});

// A line of play as a sequence of small diagrams: for each turn the position before it with
// the turn drawn (captioned "N. move +gain"), then the final position (captioned
// options.end_caption, by default "end: +TOTAL points"). The turns must be
// legal one after the other (the caller checks them; see legality.h). `options.cell` is
// used as given: pass a small one (e.g. 20).
std::string svg_line(const Setup& setup, std::span<const Turn> turns,
                     const SvgOptions& options = {});

// A value-per-turn chart (analyse --game): one point per ply, values[k] the value before ply
// k + 1 (values.size() - 1 plies and the last position), as a line over a zero axis; the
// plies in `marked` (1-based) get a red dot. `label` is the chart's caption, `unit` the
// vertical axis's title ("points"). The vertical axis has a numbered tick every 1, 2 or 5
// times a power of ten, the horizontal one a tick per ply ("before ply" 1, 2, ..., then "end"
// when the game is over in the last position, `ends_game`, else that position's number: a
// record that stops early, or at an illegal turn), and a legend names the line and the dots.
std::string svg_value_chart(std::span<const Score> values, std::span<const int> marked,
                            std::string_view label, std::string_view unit, bool ends_game,
                            const SvgOptions& options = {});

}  // namespace leapfrog::cli
