// Golden-file comparison: tests/golden/NAME holds the expected bytes. Run a test with
// LEAPFROG_UPDATE_GOLDEN=1 to (re)write the files after a deliberate change, then review
// the diff before committing it.
#pragma once

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace leapfrog::testing {

inline std::string golden_path(const std::string& name) {
  return std::string(LEAPFROG_SOURCE_DIR) + "/tests/golden/" + name;
}

// The expected text, or "<missing golden file ...>" so that the comparison fails.
inline std::string golden(const std::string& name, const std::string& actual) {
  const std::string path = golden_path(name);
  if (const char* update = std::getenv("LEAPFROG_UPDATE_GOLDEN");
      update != nullptr && update[0] == '1') {
    std::ofstream(path, std::ios::binary) << actual;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return "<missing golden file " + path + ">";
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace leapfrog::testing
