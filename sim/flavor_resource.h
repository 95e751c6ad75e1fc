// The (flavor, resource) pair the scheduler keys all its quota arithmetic by, and the
// small map it keeps per ClusterQueue, cohort and workload. Both exist for speed: a
// scheduling cycle looks these up millions of times (1,000 ClusterQueues, one preemption
// search per head over a 100-queue cohort), and pairs of strings in std::map spent most
// of that time comparing strings and allocating tree nodes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kg::sim {

/// A (flavor, resource) pair. Equal pairs share one interned record, so equality is a
/// pointer comparison; ordering is by (flavor, resource) names, exactly as the
/// std::pair<std::string, std::string> it replaces, so ordered containers and everything
/// printed from them keep their order. Interned records live for the whole process (there
/// are only as many as distinct flavor x resource names seen).
class FR {
public:
    FR();
    FR(std::string_view flavor, std::string_view resource);

    const std::string& flavor() const { return m_names->first; }
    const std::string& resource() const { return m_names->second; }

    friend bool operator==(const FR& a, const FR& b) { return a.m_names == b.m_names; }
    friend bool operator<(const FR& a, const FR& b) {
        if (a.m_names == b.m_names) return false;
        if (int c = a.flavor().compare(b.flavor()); c != 0) return c < 0;
        return a.resource() < b.resource();
    }
    std::size_t hash() const { return std::hash<const void*>{}(m_names); }

private:
    const std::pair<std::string, std::string>* m_names;
};

/// A map keyed by FR with std::map's interface and order (ascending FR), stored as one
/// sorted vector: a ClusterQueue holds a handful of (flavor, resource) pairs, so a linear
/// scan comparing interned pointers beats a tree, and copying a snapshot copies one block
/// per map instead of one node per entry. Inserting may move the elements (as a vector
/// does): do not keep references across an insertion into the same map.
template <class T>
class FRMap {
public:
    using value_type = std::pair<FR, T>;
    using iterator = typename std::vector<value_type>::iterator;
    using const_iterator = typename std::vector<value_type>::const_iterator;

    FRMap() = default;
    FRMap(std::initializer_list<value_type> items) {
        for (const auto& [f, v] : items) (*this)[f] = v;
    }

    iterator begin() { return m_items.begin(); }
    iterator end() { return m_items.end(); }
    const_iterator begin() const { return m_items.begin(); }
    const_iterator end() const { return m_items.end(); }
    std::size_t size() const { return m_items.size(); }
    bool empty() const { return m_items.empty(); }
    void clear() { m_items.clear(); }

    iterator find(const FR& f) {
        return std::find_if(m_items.begin(), m_items.end(), [&](const value_type& v) { return v.first == f; });
    }
    const_iterator find(const FR& f) const {
        return std::find_if(m_items.begin(), m_items.end(), [&](const value_type& v) { return v.first == f; });
    }
    std::size_t count(const FR& f) const { return find(f) == end() ? 0 : 1; }
    bool contains(const FR& f) const { return find(f) != end(); }

    T& at(const FR& f) {
        auto it = find(f);
        if (it == end()) throw std::out_of_range("FRMap::at: " + f.flavor() + "/" + f.resource());
        return it->second;
    }
    const T& at(const FR& f) const { return const_cast<FRMap*>(this)->at(f); }

    std::pair<iterator, bool> try_emplace(const FR& f, T value = T{}) {
        if (auto it = find(f); it != end()) return {it, false};
        auto pos = std::lower_bound(m_items.begin(), m_items.end(), f,
                                    [](const value_type& v, const FR& key) { return v.first < key; });
        return {m_items.insert(pos, value_type{f, std::move(value)}), true};
    }
    T& operator[](const FR& f) { return try_emplace(f).first->second; }

    std::size_t erase(const FR& f) {
        auto it = find(f);
        if (it == end()) return 0;
        m_items.erase(it);
        return 1;
    }

    friend bool operator==(const FRMap& a, const FRMap& b) { return a.m_items == b.m_items; }

private:
    std::vector<value_type> m_items;  ///< ascending by FR
};

/// A set of FRs with std::set's interface and order, stored as one sorted vector (see FRMap).
class FRSet {
public:
    using const_iterator = std::vector<FR>::const_iterator;

    FRSet() = default;
    FRSet(std::initializer_list<FR> items) {
        for (const FR& f : items) insert(f);
    }
    const_iterator begin() const { return m_items.begin(); }
    const_iterator end() const { return m_items.end(); }
    std::size_t size() const { return m_items.size(); }
    bool empty() const { return m_items.empty(); }
    void clear() { m_items.clear(); }
    bool contains(const FR& f) const { return std::find(m_items.begin(), m_items.end(), f) != m_items.end(); }
    std::size_t count(const FR& f) const { return contains(f) ? 1 : 0; }
    /// Returns whether `f` was new.
    bool insert(const FR& f) {
        if (contains(f)) return false;
        m_items.insert(std::lower_bound(m_items.begin(), m_items.end(), f), f);
        return true;
    }
    friend bool operator==(const FRSet& a, const FRSet& b) { return a.m_items == b.m_items; }

private:
    std::vector<FR> m_items;  ///< ascending
};

}  // namespace kg::sim

template <>
struct std::hash<kg::sim::FR> {
    std::size_t operator()(const kg::sim::FR& f) const { return f.hash(); }
};
