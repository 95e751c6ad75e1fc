// Which LocalQueue, and through it which ClusterQueue, a Job or Workload queues in, by
// hash for the rules that ask it of every object (KQ3006, KQ4005, the TAS rules).
// Cluster::find_local_queue builds a "namespace/name" string and walks an ordered map per
// call; at 100,000 objects those calls were a third of the rules' time.
#pragma once

#include "model/cluster.h"

#include <cstddef>
#include <string_view>
#include <unordered_map>

namespace kg::lint::rules {

class QueueIndex {
public:
    /// Refers to the objects of `c`, which must outlive the index.
    explicit QueueIndex(const model::Cluster& c);
    /// As Cluster::find_local_queue: the LocalQueue `name` in exactly namespace `ns`.
    const model::LocalQueue* local_queue_in(std::string_view ns, std::string_view name) const;
    /// As find_local_queue_for: the LocalQueue `name` in namespace `ns`, and for an object
    /// without a namespace also one in "default"; the last definition wins, as in the cluster.
    const model::LocalQueue* local_queue(std::string_view ns, std::string_view name) const;
    /// The ClusterQueue of that LocalQueue, or nullptr when either is not in the inputs.
    const model::ClusterQueue* cluster_queue(std::string_view ns, std::string_view name) const;

private:
    /// (namespace, name), compared and hashed as the string "namespace/name", as the cluster's
    /// own index does (model::ObjectKey), so names holding a '/' collide exactly as there.
    using Key = model::ObjectKey;
    struct Hash {
        std::size_t operator()(const Key& k) const noexcept {
            return static_cast<std::size_t>(model::ObjectIndex::hash(k));
        }
    };
    struct Entry {
        const model::LocalQueue* local_queue;
        const model::ClusterQueue* cluster_queue;
    };
    const Entry* find(std::string_view ns, std::string_view name) const;
    std::unordered_map<Key, Entry, Hash> m_queues;
};

}  // namespace kg::lint::rules
