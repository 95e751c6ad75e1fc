// Scratch values per node of the cohort tree that live for one search or one cycle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kg::sim {

/// A value per node of the tree for the length of one search or cycle, without filling an
/// array the size of the tree for each: an entry holds a value only when it carries this
/// array's stamp, and any other reads as `init`. The fair-sharing target search makes up to
/// four per search (one search per head that may preempt) and the fair-sharing iterator one
/// per cycle, and at 1,000 ClusterQueues filling them cost more than a short search itself.
/// The buffers go back to a per-thread pool; stamps come from one counter and are never
/// reused, so an entry left from an earlier use never passes for a current one.
template <class T>
class PerNode {
public:
    PerNode(std::size_t nodes, T init) : m_init(init), m_stamp(++counter()) {
        if (!pool().empty()) {
            m_items = std::move(pool().back());
            pool().pop_back();
        }
        if (m_items.size() < nodes) m_items.resize(nodes);
    }
    ~PerNode() { pool().push_back(std::move(m_items)); }
    PerNode(const PerNode&) = delete;
    PerNode& operator=(const PerNode&) = delete;
    T& operator[](std::size_t n) {
        Item& e = m_items[n];
        if (e.stamp != m_stamp) {
            e.stamp = m_stamp;
            e.value = m_init;
        }
        return e.value;
    }

private:
    struct Item {
        std::uint64_t stamp = 0;  ///< 0: never stamped (the counter starts at 1)
        T value{};
    };
    static std::vector<std::vector<Item>>& pool() {
        static thread_local std::vector<std::vector<Item>> p;
        return p;
    }
    static std::uint64_t& counter() {
        static thread_local std::uint64_t c = 0;
        return c;
    }
    std::vector<Item> m_items;
    T m_init;
    std::uint64_t m_stamp;
};

}  // namespace kg::sim
