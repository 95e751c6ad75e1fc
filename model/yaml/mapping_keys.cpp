#include "model/yaml/mapping_keys.h"

#include <unordered_set>

namespace kg::model::yaml {

const MapEntry* KeyIndex::find_indexed(std::span<const MapEntry> entries, std::string_view key) const {
    auto it = m_index->find(std::string(key));
    return it == m_index->end() ? nullptr : &entries[it->second];
}

void KeyIndex::index(std::span<const MapEntry> entries) {
    if (m_index) {
        m_index->emplace(entries.back().key, entries.size() - 1);
        return;
    }
    m_index = std::make_unique<std::unordered_map<std::string, std::size_t>>();
    m_index->reserve(entries.size() * 2);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        m_index->emplace(entries[i].key, i);
    }
}

namespace {

std::string not_mergeable(const Node& n) {
    return "expected a mapping (or a sequence of mappings) after the merge key <<, found " + n.describe();
}

}  // namespace

void apply_merge_keys(Node& map, DiagSink& diags) {
    bool any = false;
    for (const MapEntry& e : map.entries) {
        any = any || e.key == "<<";
    }
    if (!any) {
        return;
    }
    std::vector<MapEntry> merged;
    std::vector<MapEntry> out;
    out.reserve(map.entries.size());
    for (MapEntry& e : map.entries) {
        if (e.key != "<<") {
            out.push_back(std::move(e));
            continue;
        }
        if (e.value.is_mapping()) {
            merged.insert(merged.end(), e.value.entries.begin(), e.value.entries.end());
        } else if (e.value.is_sequence()) {
            for (const Node& s : e.value.items) {
                if (s.is_mapping()) {
                    merged.insert(merged.end(), s.entries.begin(), s.entries.end());
                } else {
                    diags.error(s.pos, not_mergeable(s));
                }
            }
        } else {
            diags.error(e.value.pos, not_mergeable(e.value));
        }
    }
    // Keys set here win over merged ones, and an earlier merge source over a later one.
    std::unordered_set<std::string> present;
    present.reserve(out.size() + merged.size());
    for (const MapEntry& e : out) {
        present.insert(e.key);
    }
    for (MapEntry& m : merged) {
        if (present.insert(m.key).second) {
            out.push_back(std::move(m));
        }
    }
    map.entries = std::move(out);
}

}  // namespace kg::model::yaml
