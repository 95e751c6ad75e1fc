// Objects of one kind found by namespace and name: positions into the Cluster's vector
// of that kind, in an open-addressing table that keeps no names of its own. The names
// are read from the objects themselves, through the caller's `key_of(position)`.
// A key is the string "namespace/name" every key of the tool spells (workload keys, the
// CLI's arguments), compared without being built: a namespace holding a '/' (hostile
// input; Kubernetes allows none) is found however a caller splits the string.
//
// Why not a std::map from "namespace/name": after loading a 20,000-Workload export, that
// map cost a string and a tree node per object (2 MB of fresh memory) and a fortieth of
// the load; every lookup built the key string again. Here an entry is 8 bytes and a
// lookup allocates nothing. A lookup also checks the object it lands on, so an index
// not rebuilt after its vector changed answers "not found" rather than another object.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace kg::model {

/// An object's identity for the index: namespace (empty for cluster-scoped kinds) and
/// name, equal when "namespace/name" is.
struct ObjectKey {
    std::string_view ns;
    std::string_view name;
    friend bool operator==(const ObjectKey& a, const ObjectKey& b);
};

class ObjectIndex {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    /// Indexes positions 0..count-1. Of several objects with one key the last wins, as a
    /// later `kubectl apply` of the same name would. `key_of(i)` -> ObjectKey.
    template <class KeyOf>
    void rebuild(std::size_t count, KeyOf key_of) {
        reset(count);
        for (std::size_t i = 0; i < count; ++i) {
            const ObjectKey key = key_of(i);
            std::uint64_t& slot = probe(key, key_of);
            slot = tag_of(hash(key)) | (i + 1);
        }
    }

    /// The position of the object with `key` among the first `count`, or npos.
    template <class KeyOf>
    std::size_t find(const ObjectKey& key, std::size_t count, KeyOf key_of) const {
        if (m_slots.empty()) {
            return npos;
        }
        const std::uint64_t h = hash(key);
        const std::uint64_t tag = tag_of(h);
        for (std::size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            const std::uint64_t slot = m_slots[i];
            if (slot == 0) {
                return npos;
            }
            const std::size_t pos = position_of(slot);
            if ((slot & k_tag_bits) == tag && pos < count && key_of(pos) == key) {
                return pos;
            }
        }
    }

    /// The hash of "namespace/name", equal for keys that are equal (ObjectKey's ==): for
    /// other tables of objects by key (lint's QueueIndex).
    static std::uint64_t hash(const ObjectKey& key);

private:
    static constexpr std::uint64_t k_tag_bits = 0xFFFFFFFF00000000ULL;

    static std::uint64_t tag_of(std::uint64_t h) { return h & k_tag_bits; }
    static std::size_t position_of(std::uint64_t slot) { return static_cast<std::size_t>((slot & 0xFFFFFFFFULL) - 1); }

    /// Empties the table and sizes it for `count` entries at most half full.
    void reset(std::size_t count);

    // The slot holding `key`, or the empty slot where it goes.
    template <class KeyOf>
    std::uint64_t& probe(const ObjectKey& key, KeyOf& key_of) {
        const std::uint64_t h = hash(key);
        const std::uint64_t tag = tag_of(h);
        for (std::size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            std::uint64_t& slot = m_slots[i];
            if (slot == 0 || ((slot & k_tag_bits) == tag && key_of(position_of(slot)) == key)) {
                return slot;
            }
        }
    }

    std::vector<std::uint64_t> m_slots;  ///< 0 = empty, else hash tag | (position + 1)
    std::size_t m_mask = 0;
};

}  // namespace kg::model
