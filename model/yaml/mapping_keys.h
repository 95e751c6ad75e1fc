// Keys of one mapping under construction: the duplicate-key check and YAML merge
// keys (`<<: *base`). Both used to scan the entries once per key, so a mapping of
// 80k keys took seconds and 500k never finished; a hash index keeps them linear.
#pragma once

#include "model/diagnostic.h"
#include "model/yaml/node.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kg::model::yaml {

/// Finds an earlier entry by key in O(1). Small mappings (almost all Kubernetes
/// mappings) are scanned directly; an index is built once a mapping grows past
/// k_index_from entries.
class KeyIndex {
public:
    static constexpr std::size_t k_index_from = 16;

    /// The earlier entry of `entries` with this key, or nullptr. A span, not the vector:
    /// json_items builds into a vector that still holds a previous tree's entries past
    /// the ones built so far.
    /// Inline for the small case: a call per key of every mapping of an export (the
    /// duplicate check) was a twentieth of building its trees.
    const MapEntry* find(std::span<const MapEntry> entries, std::string_view key) const {
        if (m_index) {
            return find_indexed(entries, key);
        }
        for (const MapEntry& e : entries) {
            if (e.key.size() == key.size() && (key.empty() || e.key[0] == key[0]) && e.key == key) {
                return &e;
            }
        }
        return nullptr;
    }
    /// Records that `entries.back()` was just appended.
    void added(std::span<const MapEntry> entries) {
        if (m_index || entries.size() > k_index_from) {
            index(entries);
        }
    }

private:
    const MapEntry* find_indexed(std::span<const MapEntry> entries, std::string_view key) const;
    void index(std::span<const MapEntry> entries);

    std::unique_ptr<std::unordered_map<std::string, std::size_t>> m_index;  ///< key -> entry index
};

/// Replaces the `<<` entries of `map` by the entries of the mapping(s) they name
/// that `map` does not set itself (YAML merge keys). A merge value that is not a
/// mapping or a sequence of mappings (`<<: 5`) is a diagnostic and merges nothing.
void apply_merge_keys(Node& map, DiagSink& diags);

}  // namespace kg::model::yaml
