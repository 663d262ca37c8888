// An exact unsigned integer of any size, for counting chains and lines: the one big-count
// type of the project.
//
// Why not unsigned __int128: on a 26x26 board a chain can have hundreds of captures with up
// to eight choices each, so the number of distinct maximal chains is bounded only by about
// 8^675; lattice positions (pieces on the edges of a grid of empty squares) really do have
// exponentially many trails, and a solitaire board can have more than 2^256 optimal lines.
// The searches need addition and comparison; multiplication is for checking counts built
// from independent parts (products of counts and multinomials).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace leapfrog {

class BigCount {
 public:
  BigCount() = default;
  BigCount(std::uint64_t v) {  // NOLINT(google-explicit-constructor): a count is a number
    if (v != 0) limbs_ = {static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(v >> 32)};
    trim();
  }

  BigCount& operator+=(const BigCount& o) {
    if (o.limbs_.size() > limbs_.size()) limbs_.resize(o.limbs_.size(), 0);
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < limbs_.size(); ++i) {
      const std::uint64_t s = carry + limbs_[i] + (i < o.limbs_.size() ? o.limbs_[i] : 0U);
      limbs_[i] = static_cast<std::uint32_t>(s);
      carry = s >> 32;
      if (carry == 0 && i >= o.limbs_.size()) break;
    }
    if (carry != 0) limbs_.push_back(static_cast<std::uint32_t>(carry));
    return *this;
  }
  friend BigCount operator+(BigCount a, const BigCount& b) { return a += b; }

  friend BigCount operator*(const BigCount& a, const BigCount& b) {
    BigCount p;
    if (a.is_zero() || b.is_zero()) return p;
    p.limbs_.assign(a.limbs_.size() + b.limbs_.size(), 0);
    for (std::size_t i = 0; i < a.limbs_.size(); ++i) {
      std::uint64_t carry = 0;
      for (std::size_t j = 0; j < b.limbs_.size(); ++j) {
        const std::uint64_t t =
            std::uint64_t{a.limbs_[i]} * b.limbs_[j] + p.limbs_[i + j] + carry;  // < 2^64
        p.limbs_[i + j] = static_cast<std::uint32_t>(t);
        carry = t >> 32;
      }
      p.limbs_[i + b.limbs_.size()] = static_cast<std::uint32_t>(carry);
    }
    p.trim();
    return p;
  }
  BigCount& operator*=(const BigCount& o) { return *this = *this * o; }

  bool is_zero() const { return limbs_.empty(); }
  bool fits_u64() const { return limbs_.size() <= 2; }
  // The value modulo 2^64 (exact when fits_u64()).
  std::uint64_t low_u64() const {
    std::uint64_t v = 0;
    if (!limbs_.empty()) v = limbs_[0];
    if (limbs_.size() > 1) v |= static_cast<std::uint64_t>(limbs_[1]) << 32;
    return v;
  }
  // Number of significant bits (0 for zero).
  int bits() const {
    if (limbs_.empty()) return 0;
    int b = 32 * static_cast<int>(limbs_.size() - 1);
    for (std::uint32_t top = limbs_.back(); top != 0; top >>= 1) ++b;
    return b;
  }

  // Decimal digits, no leading zeros ("0" for zero).
  std::string to_string() const {
    if (limbs_.empty()) return "0";
    std::vector<std::uint32_t> n = limbs_;
    std::vector<std::uint32_t> chunks;  // base 10^9, least significant first
    while (!n.empty()) {
      std::uint64_t rem = 0;
      for (std::size_t i = n.size(); i-- > 0;) {
        const std::uint64_t cur = (rem << 32) | n[i];
        n[i] = static_cast<std::uint32_t>(cur / 1000000000U);
        rem = cur % 1000000000U;
      }
      chunks.push_back(static_cast<std::uint32_t>(rem));
      while (!n.empty() && n.back() == 0) n.pop_back();
    }
    std::string s = std::to_string(chunks.back());
    for (std::size_t i = chunks.size() - 1; i-- > 0;) {
      const std::string part = std::to_string(chunks[i]);
      s += std::string(9 - part.size(), '0') + part;
    }
    return s;
  }

  friend bool operator==(const BigCount&, const BigCount&) = default;
  friend bool operator<(const BigCount& a, const BigCount& b) {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size();
    return std::lexicographical_compare(a.limbs_.rbegin(), a.limbs_.rend(), b.limbs_.rbegin(),
                                        b.limbs_.rend());
  }

 private:
  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<std::uint32_t> limbs_;  // base 2^32, least significant first, no leading zeros
};

}  // namespace leapfrog
