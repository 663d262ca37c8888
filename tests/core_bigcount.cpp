// core/bigcount.h: the project's one exact big count. Known values are checked against
// decimal strings computed independently (Python's integers).
#include <catch2/catch.hpp>
#include <cstdint>

#include "core/bigcount.h"

using namespace leapfrog;

namespace {

BigCount power_of_two(int k) {
  BigCount p(1);
  for (int i = 0; i < k; ++i) p += p;
  return p;
}

}  // namespace

TEST_CASE("BigCount addition carries across limbs", "[core][bigcount]") {
  BigCount a(0xFFFFFFFFULL);  // one full 32-bit limb
  a += BigCount(1);
  CHECK(a.to_string() == "4294967296");
  CHECK(a.bits() == 33);
  // 2^96 - 1 (three full limbs) plus one carries through every limb into a fourth.
  BigCount b = power_of_two(96);
  BigCount ones;
  for (int i = 0; i < 96; ++i) ones += ones + BigCount(1);
  CHECK(ones.bits() == 96);
  CHECK(ones + BigCount(1) == b);
  CHECK(b.to_string() == "79228162514264337593543950336");
  // Adding a shorter number to a longer one, and the other way round.
  CHECK((BigCount(5) + b).to_string() == "79228162514264337593543950341");
  CHECK((b + BigCount(5)).to_string() == "79228162514264337593543950341");
}

TEST_CASE("BigCount decimal strings of large powers of two", "[core][bigcount]") {
  CHECK(power_of_two(64).to_string() == "18446744073709551616");
  CHECK(power_of_two(128).to_string() == "340282366920938463463374607431768211456");
  CHECK(power_of_two(200).to_string() ==
        "1606938044258990275541962092341162602522202993782792835301376");
  CHECK(power_of_two(128).bits() == 129);
  CHECK(BigCount().to_string() == "0");
  CHECK(BigCount().is_zero());
  CHECK(BigCount(1000000000).to_string() == "1000000000");  // a chunk boundary of to_string
}

TEST_CASE("BigCount comparison", "[core][bigcount]") {
  CHECK(BigCount(3) < BigCount(4));
  CHECK_FALSE(BigCount(4) < BigCount(4));
  CHECK(BigCount(0xFFFFFFFFFFFFFFFFULL) < power_of_two(64));   // fewer limbs
  CHECK(power_of_two(100) < power_of_two(100) + BigCount(1));  // same limbs, low one differs
  CHECK_FALSE(power_of_two(101) < power_of_two(100) + BigCount(1));
  CHECK(power_of_two(128) == power_of_two(127) + power_of_two(127));
  CHECK(BigCount(0) == BigCount());
}

TEST_CASE("BigCount multiplication", "[core][bigcount]") {
  CHECK((BigCount(0) * power_of_two(90)).is_zero());
  CHECK(power_of_two(70) * power_of_two(130) == power_of_two(200));
  // (2^96 - 1) * (2^64 + 3)
  BigCount ones;
  for (int i = 0; i < 96; ++i) ones += ones + BigCount(1);
  CHECK((ones * (power_of_two(64) + BigCount(3))).to_string() ==
        "1461501637330902918441369320240629288362854842365");
  BigCount f(1);
  for (std::uint64_t i = 2; i <= 30; ++i) f *= BigCount(i);
  CHECK(f.to_string() == "265252859812191058636308480000000");  // 30!
}
