#include "cli/svg.h"

#include <algorithm>
#include <cstdio>

#include "core/text.h"
#include "puzzles/position.h"

namespace leapfrog::cli {

namespace {

// Colours of the drawing (pieces use their kind's CSS colour name, see variant.h).
constexpr const char* kSquareFill = "#ecd9b4";
constexpr const char* kSquareStroke = "#9c7c4a";
constexpr const char* kPieceStroke = "#333333";
constexpr const char* kLabel = "#555555";
constexpr const char* kChain = "#1565c0";
constexpr const char* kCapture = "#c62828";

// One fixed decimal: stable bytes whatever the platform's float printing.
std::string num(double v) {
  if (v > -0.05 && v < 0.05) v = 0;  // no "-0.0"
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string_view colour_of(const Setup& setup, Value value) {
  const Variant& v = setup.variant.empty() ? default_variant() : *find_variant(setup.variant);
  for (const PieceKind& k : v.pieces)
    if (k.value == value) return k.colour;
  return "burlywood";
}

bool dark(std::string_view colour) {
  return colour == "red" || colour == "green" || colour == "royalblue";
}

// Where the cells stand. A square grid's cells are squares side by side. A six-direction
// board is drawn as its lattice: each rank shifted half a cell right of the rank below and
// ranks sqrt(3)/2 of a cell apart, so that every cell's six neighbours are one cell away and
// a triangle or hexagon of the sheared grid looks like one; its cells are round holes.
struct Geometry {
  double cell;
  double margin;
  int width;
  int height;
  double x0;
  double y0;
  bool hex = false;
  double shift = 0;    // horizontal offset per rank, in cells
  double pitch = 1;    // vertical distance between ranks, in cells
  double left = 0;     // the least (file + shift * rank) over the drawn cells and labels
  double columns = 0;  // the horizontal extent, in cells

  double diagram_width() const { return 2 * margin + columns * cell; }
  double diagram_height() const { return 2 * margin + ((height - 1) * pitch + 1) * cell; }
  double cx(int file, int rank) const {
    return x0 + margin + (file + shift * rank - left + 0.5) * cell;
  }
  double cy(int rank) const { return y0 + margin + ((height - 1 - rank) * pitch + 0.5) * cell; }
};

Geometry geometry(const Setup& setup, const SvgOptions& o, double x0, double y0) {
  const double margin = o.coordinates ? o.cell * 0.6 : o.cell * 0.1;
  Geometry g{o.cell, margin, setup.board.width(), setup.board.height(), x0, y0};
  g.columns = g.width;
  if (setup.rules().jumps == JumpSet::kHex) {
    const Board& b = setup.board;
    g.hex = true;
    g.shift = 0.5;
    g.pitch = 0.8660254037844386;
    double lo = 1e9, hi = -1e9;
    for (int i = 0; i < b.squares(); ++i) {
      const double u = b.file(b.cell(i)) + g.shift * b.rank(b.cell(i));
      lo = std::min(lo, u);
      hi = std::max(hi, u);
    }
    g.left = lo;
    g.columns = hi - lo + 1;
  }
  return g;
}

void open_svg(std::string& out, double w, double h, const SvgOptions& o) {
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(w) + "\" height=\"" + num(h) +
         "\" viewBox=\"0.0 0.0 " + num(w) + " " + num(h) + "\" font-family=\"sans-serif\">\n";
  if (!o.title.empty()) out += "<title>" + xml_escape(o.title) + "</title>\n";
  out +=
      "<defs><marker id=\"" + xml_escape(o.id) +
      "-arrow\" viewBox=\"0.0 0.0 10.0 10.0\" refX=\"5.0\" refY=\"5.0\" markerWidth=\"3.0\" "
      "markerHeight=\"3.0\" orient=\"auto\"><path d=\"M 0.0 0.0 L 10.0 5.0 L 0.0 10.0 z\" fill=\"" +
      std::string(kChain) + "\"/></marker></defs>\n";
}

void text(std::string& out, double x, double y, double size, std::string_view fill,
          std::string_view s, bool bold = false) {
  out += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
         "\" text-anchor=\"middle\" fill=\"" + std::string(fill) + "\"" +
         (bold ? " font-weight=\"bold\"" : "") + ">" + xml_escape(s) + "</text>\n";
}

void draw_position(std::string& out, const Setup& setup, const Position& pos, const Geometry& g,
                   const SvgOptions& o) {
  const Board& b = setup.board;
  out += "<g class=\"board\">\n";
  for (int r = b.height() - 1; r >= 0; --r)
    for (int f = 0; f < b.width(); ++f) {
      if (!b.is_square(b.square(f, r))) continue;  // no square: nothing drawn
      if (g.hex) {
        out += "<circle cx=\"" + num(g.cx(f, r)) + "\" cy=\"" + num(g.cy(r)) + "\" r=\"" +
               num(g.cell * 0.47) + "\" fill=\"" + kSquareFill + "\" stroke=\"" + kSquareStroke +
               "\" stroke-width=\"" + num(std::max(0.5, g.cell * 0.03)) + "\"/>\n";
        continue;
      }
      out += "<rect x=\"" + num(g.cx(f, r) - g.cell / 2) + "\" y=\"" + num(g.cy(r) - g.cell / 2) +
             "\" width=\"" + num(g.cell) + "\" height=\"" + num(g.cell) + "\" fill=\"" +
             kSquareFill + "\" stroke=\"" + kSquareStroke + "\" stroke-width=\"" +
             num(std::max(0.5, g.cell * 0.03)) + "\"/>\n";
    }
  out += "</g>\n<g class=\"pieces\">\n";
  for (int r = b.height() - 1; r >= 0; --r)
    for (int f = 0; f < b.width(); ++f) {
      const Square s = b.square(f, r);
      const Value v = pos.cells[s];
      if (!b.is_square(s) || v == 0) continue;
      const std::string_view colour = colour_of(setup, v);
      out += "<circle cx=\"" + num(g.cx(f, r)) + "\" cy=\"" + num(g.cy(r)) + "\" r=\"" +
             num(g.cell * 0.38) + "\" fill=\"" + std::string(colour) + "\" stroke=\"" +
             kPieceStroke + "\" stroke-width=\"" + num(std::max(0.5, g.cell * 0.04)) + "\"/>\n";
      const double size = g.cell * 0.45;
      text(out, g.cx(f, r), g.cy(r) + size * 0.35, size, dark(colour) ? "#ffffff" : "#000000",
           std::string(1, static_cast<char>('0' + v)), true);
    }
  out += "</g>\n";
  if (o.coordinates) {
    out += "<g class=\"coordinates\">\n";
    const double size = g.cell * 0.3;
    if (g.hex) {
      // A file of the lattice runs down to the left: its letter stands beyond its top end
      // (along the top and upper-right edges), a rank number left of its row (along the
      // left edges), so that no letter meets a number.
      for (int f = 0; f < b.width(); ++f) {
        int hi = -1;
        for (int r = 0; r < b.height(); ++r)
          if (b.is_square(b.square(f, r))) hi = r;
        if (hi < 0) continue;
        const std::string letter(1, static_cast<char>('a' + f));
        text(out, g.cx(f, hi) + g.cell * g.shift * 0.8,
             g.cy(hi) - g.cell * g.pitch * 0.8 + size * 0.35, size, kLabel, letter);
      }
      for (int r = 0; r < b.height(); ++r)
        for (int f = 0; f < b.width(); ++f)
          if (b.is_square(b.square(f, r))) {
            text(out, g.cx(f, r) - g.cell * 0.8, g.cy(r) + size * 0.35, size, kLabel,
                 std::to_string(r + 1));
            break;
          }
    } else {
      for (int f = 0; f < b.width(); ++f) {
        const std::string letter(1, static_cast<char>('a' + f));
        text(out, g.cx(f, 0), g.y0 + g.margin * 0.5 + size * 0.35, size, kLabel, letter);
        text(out, g.cx(f, 0), g.y0 + g.diagram_height() - g.margin * 0.5 + size * 0.35, size,
             kLabel, letter);
      }
      for (int r = 0; r < b.height(); ++r) {
        const std::string number = std::to_string(r + 1);
        text(out, g.x0 + g.margin * 0.5, g.cy(r) + size * 0.35, size, kLabel, number);
        text(out, g.x0 + g.diagram_width() - g.margin * 0.5, g.cy(r) + size * 0.35, size, kLabel,
             number);
      }
    }
    out += "</g>\n";
  }
}

void cross(std::string& out, const Geometry& g, int f, int r) {
  const double k = g.cell * 0.28, w = std::max(1.0, g.cell * 0.08);
  const double x = g.cx(f, r), y = g.cy(r);
  const std::string d = "M " + num(x - k) + " " + num(y - k) + " L " + num(x + k) + " " +
                        num(y + k) + " M " + num(x - k) + " " + num(y + k) + " L " + num(x + k) +
                        " " + num(y - k);
  // A white halo first, so that the cross shows on red pieces too.
  out += "<path d=\"" + d + "\" stroke=\"#ffffff\" stroke-width=\"" + num(w * 2) +
         "\" stroke-linecap=\"round\"/>\n";
  out += "<path d=\"" + d + "\" stroke=\"" + kCapture + "\" stroke-width=\"" + num(w) +
         "\" stroke-linecap=\"round\"/>\n";
}

void draw_turn(std::string& out, const Setup& setup, const Turn& turn, const Geometry& g,
               const SvgOptions& o) {
  const Board& b = setup.board;
  if (turn.squares.empty()) return;
  out += "<g class=\"chain\">\n";
  if (turn.removal) {
    cross(out, g, b.file(turn.squares[0]), b.rank(turn.squares[0]));
    out += "</g>\n";
    return;
  }
  const JumpSet jumps = setup.rules().jumps;
  for (std::size_t i = 1; i < turn.squares.size(); ++i) {
    const Square over = b.jump_over(turn.squares[i - 1], turn.squares[i], jumps);
    if (over != kNoSquare) cross(out, g, b.file(over), b.rank(over));
  }
  const Square start = turn.squares[0];
  out += "<circle cx=\"" + num(g.cx(b.file(start), b.rank(start))) + "\" cy=\"" +
         num(g.cy(b.rank(start))) + "\" r=\"" + num(g.cell * 0.46) + "\" fill=\"none\" stroke=\"" +
         kChain + "\" stroke-width=\"" + num(std::max(1.0, g.cell * 0.06)) + "\"/>\n";
  for (std::size_t i = 1; i + 1 < turn.squares.size(); ++i) {
    const Square s = turn.squares[i];
    out += "<circle cx=\"" + num(g.cx(b.file(s), b.rank(s))) + "\" cy=\"" + num(g.cy(b.rank(s))) +
           "\" r=\"" + num(g.cell * 0.1) + "\" fill=\"" + kChain + "\"/>\n";
  }
  std::string points;
  for (Square s : turn.squares) {
    if (!points.empty()) points += ' ';
    points += num(g.cx(b.file(s), b.rank(s))) + "," + num(g.cy(b.rank(s)));
  }
  out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + kChain +
         "\" stroke-width=\"" + num(std::max(1.0, g.cell * 0.08)) +
         "\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-opacity=\"0.85\" "
         "marker-end=\"url(#" +
         xml_escape(o.id) + "-arrow)\"/>\n";
  out += "</g>\n";
}

std::string single(const Setup& setup, const Turn* turn, const SvgOptions& o) {
  const Geometry g = geometry(setup, o, 0, 0);
  std::string out;
  open_svg(out, g.diagram_width(), g.diagram_height(), o);
  draw_position(out, setup, setup.position, g, o);
  if (turn != nullptr) draw_turn(out, setup, *turn, g, o);
  out += "</svg>\n";
  return out;
}

Score measure(const Setup& setup, const Rules& rules, const Position& pos) {
  return rules.measure == Measure::kPoints ? point_total(setup.board, pos)
                                           : piece_count(setup.board, pos);
}

}  // namespace

std::string xml_escape(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      // A well-formed sequence as it is; any other byte as U+FFFD, as the JSON output does:
      // the page declares UTF-8, and a reader may refuse the whole of it otherwise. XML
      // allows neither U+FFFE nor U+FFFF (EF BF BE, EF BF BF).
      const std::size_t len = utf8_sequence(s, i);
      if (len == 0 || (len == 3 && s.compare(i, 2, "\xEF\xBF") == 0 &&
                       static_cast<unsigned char>(s[i + 2]) >= 0xBE)) {
        out += "\xEF\xBF\xBD";
        if (len != 0) i += len - 1;
      } else {
        out.append(s.substr(i, len));
        i += len - 1;
      }
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML allows no other control character than tab, line feed and carriage return.
        if ((byte < 0x20 && c != '\t' && c != '\n' && c != '\r') || byte == 0x7F)
          out += "\xEF\xBF\xBD";
        else
          out += c;
    }
  }
  return out;
}

std::string svg_board(const Setup& setup, const SvgOptions& options) {
  return single(setup, nullptr, options);
}

std::string svg_chain(const Setup& setup, const Turn& turn, const SvgOptions& options) {
  return single(setup, &turn, options);
}

std::string svg_line(const Setup& setup, std::span<const Turn> turns, const SvgOptions& options) {
  const Rules rules = setup.rules();
  const int n = static_cast<int>(turns.size()) + 1;
  const int cols = std::clamp(options.columns, 1, n);
  const int rows = (n + cols - 1) / cols;
  const Geometry unit = geometry(setup, options, 0, 0);
  const double gap = options.cell * 0.5;
  const double caption_size = std::max(8.0, options.cell * 0.6);
  const double caption = caption_size * 1.6;
  const double cw = unit.diagram_width(), ch = unit.diagram_height() + caption;
  std::string out;
  open_svg(out, cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap, options);
  Position pos = setup.position;
  const std::string_view unit_name = rules.measure == Measure::kPoints ? "points" : "pieces";
  Score total = 0;
  for (int i = 0; i < n; ++i) {
    const double x0 = (i % cols) * (cw + gap), y0 = (i / cols) * (ch + gap);
    const Geometry g = geometry(setup, options, x0, y0);
    out += "<g class=\"step\">\n";
    draw_position(out, setup, pos, g, options);
    std::string label;
    if (i + 1 < n) {
      const Turn& turn = turns[static_cast<std::size_t>(i)];
      draw_turn(out, setup, turn, g, options);
      const Position next = apply(setup.board, rules, pos, turn);
      const Score gain = measure(setup, rules, pos) - measure(setup, rules, next);
      total += gain;
      label = std::to_string(i + 1) + ". " + format_turn(setup.board, turn) + " +" +
              std::to_string(gain);
      pos = next;
    } else {
      label = options.end_caption.empty()
                  ? "end: +" + std::to_string(total) + " " + std::string(unit_name)
                  : options.end_caption;
    }
    text(out, x0 + cw / 2, y0 + unit.diagram_height() + caption_size * 1.1, caption_size, "#000000",
         label);
    out += "</g>\n";
  }
  out += "</svg>\n";
  return out;
}

namespace {

// A step of 1, 2 or 5 times a power of ten that cuts `range` into at most about six parts.
Score tick_step(Score range) {
  Score step = 1;
  for (;;) {
    for (const Score m : {1, 2, 5})
      if (range / (step * m) <= 6) return step * m;
    step *= 10;
  }
}

void text_at(std::string& out, double x, double y, double size, std::string_view anchor,
             std::string_view s, std::string_view extra = {}) {
  out += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
         "\" text-anchor=\"" + std::string(anchor) + "\" fill=\"" + kLabel + "\"" +
         std::string(extra) + ">" + xml_escape(s) + "</text>\n";
}

}  // namespace

std::string svg_value_chart(std::span<const Score> values, std::span<const int> marked,
                            std::string_view label, std::string_view unit, bool ends_game,
                            const SvgOptions& options) {
  const double step = 16, height = 240, left = 64, right = 24, top_margin = 40;
  const std::size_t n = std::max<std::size_t>(values.size(), 2);
  Score top = 1, bottom = -1;
  for (const Score v : values) top = std::max(top, v), bottom = std::min(bottom, v);
  const Score dy = tick_step(top - bottom);
  // The axis runs from a tick at or below the lowest value to one at or above the highest.
  bottom = (bottom - dy + 1) / dy * dy;
  top = (top + dy - 1) / dy * dy;
  const double plot_w = step * static_cast<double>(n - 1);
  const double axis_y = top_margin + height;  // the x axis, under the plot
  const double legend_y = axis_y + 58;
  const double w = std::max(left + plot_w + right, 460.0), h = legend_y + 20;
  const auto x = [&](std::size_t k) { return left + step * static_cast<double>(k); };
  const auto y = [&](Score v) { return top_margin + height * (top - v) / double(top - bottom); };
  std::string out;
  open_svg(out, w, h, options);
  out += "<rect x=\"0.0\" y=\"0.0\" width=\"" + num(w) + "\" height=\"" + num(h) +
         "\" fill=\"#ffffff\"/>\n";
  text(out, w / 2, top_margin / 2, 12, "#000000", label);
  // The value axis: a light grid line and a number at every tick, the zero line darker.
  out += "<g class=\"y-ticks\">\n";
  for (Score t = bottom; t <= top; t += dy) {
    out += "<line x1=\"" + num(x(0)) + "\" y1=\"" + num(y(t)) + "\" x2=\"" + num(x(n - 1)) +
           "\" y2=\"" + num(y(t)) + "\" stroke=\"" + (t == 0 ? kLabel : "#dddddd") +
           "\" stroke-width=\"1.0\"/>\n";
    text_at(out, left - 6, y(t) + 3.5, 10, "end", std::to_string(t));
  }
  out += "</g>\n";
  text_at(out, 16, top_margin + height / 2, 11, "middle", std::string(unit),
          " transform=\"rotate(-90 16.0 " + num(top_margin + height / 2) + ")\"");
  // The ply axis: point k is the position before ply k + 1; the last one is the game's end
  // when it is over there. Every ply is numbered while the numbers fit, else every fifth.
  const std::size_t every = values.size() > 100 ? 5 : 1;
  out += "<line x1=\"" + num(x(0)) + "\" y1=\"" + num(axis_y) + "\" x2=\"" + num(x(n - 1)) +
         "\" y2=\"" + num(axis_y) + "\" stroke=\"" + kLabel + "\" stroke-width=\"1.0\"/>\n";
  out += "<g class=\"x-ticks\">\n";
  for (std::size_t k = 0; k < values.size(); ++k) {
    const bool last = k + 1 == values.size(), end = ends_game && last;
    out += "<line x1=\"" + num(x(k)) + "\" y1=\"" + num(axis_y) + "\" x2=\"" + num(x(k)) +
           "\" y2=\"" + num(axis_y + 4) + "\" stroke=\"" + kLabel + "\" stroke-width=\"1.0\"/>\n";
    if (last || (k + 1) % every == 0 || k == 0)
      text_at(out, x(k), axis_y + 15, 8, "middle", end ? "end" : std::to_string(k + 1));
  }
  out += "</g>\n";
  text_at(out, left + plot_w / 2, axis_y + 32, 11, "middle", "before ply");
  std::string points;
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (k) points += ' ';
    points += num(x(k));
    points += ',';
    points += num(y(values[k]));
  }
  out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"" + kChain +
         "\" stroke-width=\"2.0\"/>\n";
  for (const int ply : marked) {
    const auto k = static_cast<std::size_t>(ply - 1);
    if (k >= values.size()) continue;
    out += "<circle cx=\"" + num(x(k)) + "\" cy=\"" + num(y(values[k])) + "\" r=\"4.0\" fill=\"" +
           kCapture + "\"><title>ply " + std::to_string(ply) + "</title></circle>\n";
  }
  // The legend: one entry per kind of mark drawn.
  out += "<g class=\"legend\">\n<g class=\"legend-entry\"><line x1=\"" + num(left) + "\" y1=\"" +
         num(legend_y) + "\" x2=\"" + num(left + 20) + "\" y2=\"" + num(legend_y) + "\" stroke=\"" +
         kChain + "\" stroke-width=\"2.0\"/>\n";
  text_at(out, left + 26, legend_y + 3.5, 10, "start", "expected value (engine)");
  out += "</g>\n<g class=\"legend-entry\"><circle cx=\"" + num(left + 190) + "\" cy=\"" +
         num(legend_y) + "\" r=\"4.0\" fill=\"" + kCapture + "\"/>\n";
  text_at(out, left + 198, legend_y + 3.5, 10, "start", "mistake: the ply played from here");
  out += "</g>\n</g>\n</svg>\n";
  return out;
}

}  // namespace leapfrog::cli
