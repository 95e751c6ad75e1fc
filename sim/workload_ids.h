// Dense numbers for workload keys ("namespace/name"), so the runner reaches a workload's
// pending record and its reservation by index. Keyed by name, each of those was a hash map
// lookup (a bucket, a node and the key's own heap block: three or four cache misses) several
// times per workload, which made a 500,000-workload replay wait on memory; now a key is hashed
// once, when it is first seen.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kg::sim {

class WorkloadIds {
public:
    using Id = std::uint32_t;
    static constexpr Id none = std::numeric_limits<Id>::max();

    /// The number of `key`: the one it was given before, else the next free one (0, 1, ...).
    /// A number is never given to another key.
    Id intern(std::string_view key) {
        if (2 * (m_keys.size() + 1) > m_slots.size()) grow();
        const std::size_t h = std::hash<std::string_view>{}(key);
        const std::size_t s = slot(key, h);
        if (m_slots[s].id != none) return m_slots[s].id;
        if (m_keys.size() >= none) throw std::length_error("simulator: more workloads than can be numbered");
        const Id id = static_cast<Id>(m_keys.size());
        m_slots[s] = {tag(h), id};
        m_keys.emplace_back(key);
        return id;
    }
    /// The number of `key`, or none when it was never interned.
    Id find(std::string_view key) const {
        if (m_slots.empty()) return none;
        return m_slots[slot(key, std::hash<std::string_view>{}(key))].id;
    }
    const std::string& key(Id id) const { return m_keys[id]; }
    std::size_t size() const { return m_keys.size(); }

private:
    /// An interned key's number and 32 bits of its hash, which settle nearly every probe
    /// without reading the key.
    struct Slot {
        std::uint32_t tag = 0;
        Id id = none;
    };
    static std::uint32_t tag(std::size_t h) { return static_cast<std::uint32_t>(static_cast<std::uint64_t>(h) >> 32); }
    /// Where `key` (hash `h`) is, else the empty slot where it would go (linear probing; the
    /// table is kept at most half full, so the runs stay short).
    std::size_t slot(std::string_view key, std::size_t h) const {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t s = h & mask;; s = (s + 1) & mask) {
            const Slot& x = m_slots[s];
            if (x.id == none || (x.tag == tag(h) && m_keys[x.id] == key)) return s;
        }
    }
    void grow() {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
        const std::size_t mask = m_slots.size() - 1;
        for (const Slot& x : old) {
            if (x.id == none) continue;
            std::size_t s = std::hash<std::string_view>{}(m_keys[x.id]) & mask;
            while (m_slots[s].id != none) s = (s + 1) & mask;
            m_slots[s] = x;
        }
    }

    std::vector<std::string> m_keys;  ///< by number
    std::vector<Slot> m_slots;        ///< a power of two in size
};

}  // namespace kg::sim
