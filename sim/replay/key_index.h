// The replay's workload index: key ("namespace/name") -> row of ReplayResult::workloads, for
// the decisions a cycle names by key. An open-addressing table of row numbers whose keys stay
// in the rows: 8 bytes per workload, where a hash map of its own keys took 56 (28 MB of
// ls-cq10x's 500,000 workloads).
#pragma once

#include "sim/replay/replay_result.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace kg::sim::replay {

class KeyIndex {
public:
    static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

    /// Indexes every row of `rows`, which must not change while the index is used. A key held
    /// by several rows finds the last of them.
    explicit KeyIndex(const std::vector<WorkloadResult>& rows) : m_rows(rows) {
        check_rows(rows.size());
        std::size_t size = 16;
        while (size < 2 * rows.size()) size *= 2;  // at most half full: short probe runs
        m_slots.assign(size, 0);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            std::size_t s = slot(rows[i].workload);
            m_slots[s] = static_cast<std::uint32_t>(i + 1);
        }
    }

    /// Throws std::length_error unless `n` rows can be numbered in 32 bits, as here.
    static void check_rows(std::size_t n) {
        if (n >= std::numeric_limits<std::uint32_t>::max()) {
            throw std::length_error("replay: more workloads than the index can number");
        }
    }

    /// The row of `key`, or npos.
    std::size_t find(std::string_view key) const {
        const std::uint32_t v = m_slots[slot(key)];
        return v == 0 ? npos : v - 1;
    }

private:
    /// The slot holding `key`, else the empty slot where it would go (linear probing).
    std::size_t slot(std::string_view key) const {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t s = std::hash<std::string_view>{}(key) & mask;; s = (s + 1) & mask) {
            const std::uint32_t v = m_slots[s];
            if (v == 0 || m_rows[v - 1].workload == key) return s;
        }
    }

    const std::vector<WorkloadResult>& m_rows;
    std::vector<std::uint32_t> m_slots;  ///< row + 1; 0 = empty
};

}  // namespace kg::sim::replay
