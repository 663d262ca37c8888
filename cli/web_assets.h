// The files built into the executable for `leapfrog serve` (generated from web/ and
// puzzles/collection/ by cli/embed_assets.cmake): the page and the shipped puzzles.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace leapfrog::cli {

struct EmbeddedFile {
  const char* name;  // relative to the repository: "web/index.html", "puzzles/collection/..."
  const unsigned char* data;
  std::size_t size;

  std::string_view text() const { return {reinterpret_cast<const char*>(data), size}; }
};

std::span<const EmbeddedFile> embedded_files();

}  // namespace leapfrog::cli
