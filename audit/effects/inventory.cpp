#include "audit/effects/inventory.h"

#include "audit/sha256.h"

#include <map>

namespace kg::audit::effects {

namespace {

// The hash of the bytes that were loaded and judged (every verb keeps them), never of a second
// read: the file may have changed since, and a FIFO or device cannot be read twice.
std::string file_sha256(std::string_view kept) { return sha256_hex(kept); }

template <typename Objects>
void count_by_file(const Objects& objs, std::map<std::uint32_t, std::int64_t>& n) {
    for (const auto& o : objs) ++n[o.meta.doc_pos.file_id];
}

}  // namespace

std::vector<InventoryEntry> manifest_inventory(const model::Cluster& c, bool last_is_policy) {
    std::map<std::uint32_t, std::int64_t> objects;
    count_by_file(c.resource_flavors, objects);
    count_by_file(c.cluster_queues, objects);
    count_by_file(c.cohorts, objects);
    count_by_file(c.local_queues, objects);
    count_by_file(c.workloads, objects);
    count_by_file(c.workload_priority_classes, objects);
    count_by_file(c.priority_classes, objects);
    count_by_file(c.admission_checks, objects);
    count_by_file(c.namespaces, objects);
    count_by_file(c.nodes, objects);
    count_by_file(c.jobs, objects);
    std::vector<InventoryEntry> out;
    for (std::uint32_t i = 1; i < c.files.size(); ++i) {
        const bool policy = last_is_policy && i == c.files.size() - 1;
        // The policy file is one document of the tool's own; its "records" are not objects.
        out.push_back({c.files.name(i), policy ? "policy" : "manifests", file_sha256(c.files.text(i)),
                       policy ? 1 : (objects.count(i) ? objects.at(i) : 0)});
    }
    return out;
}

std::vector<InventoryEntry> store_inventory(const std::vector<SourceInfo>& sources) {
    std::vector<InventoryEntry> out;
    for (const SourceInfo& s : sources) {
        std::string kind = s.format + (s.compression == "none" || s.compression.empty() ? "" : ", " + s.compression);
        if (s.status != "complete") kind += ", ingest incomplete";
        out.push_back({s.path, kind, s.sha256.empty() ? "(not complete)" : s.sha256, s.rows});
    }
    return out;
}

// The head is batch N committed at T with schema digest S: what an auditor compares with the
// head recorded outside the store (man kueuegov-audit, THE CHAIN).
std::string chain_summary(const ChainVerification& v) {
    if (!v.intact) return v.problems.empty() ? std::string("mismatch") : v.problems.front();
    if (!v.scope_cluster.empty())
        return "cluster " + v.scope_cluster + ": head is batch " + std::to_string(v.chain.size()) + " of its chain, committed " +
               v.head_time + ", schema sha256 " + v.schema_sha256 + "; " + std::to_string(v.batches) + " batches, " +
               std::to_string(v.rows) + " rows: every batch hash of this cluster recomputed from the stored rows matches "
               "its chain and the schema is kueuegov's (the store's other clusters have chains of their own, not "
               "verified for this report: audit verify checks every one); compare the head with one recorded outside "
               "the store (audit verify --expect-head)";
    return "head is batch " + std::to_string(v.chain.size()) + " committed " + v.head_time + ", schema sha256 " +
           v.schema_sha256 + "; " + std::to_string(v.batches) + " batches, " + std::to_string(v.rows) +
           " rows: every batch hash recomputed from the stored rows matches the chain and the schema is "
           "kueuegov's; compare the head with one recorded outside the store (audit verify --expect-head)";
}

}  // namespace kg::audit::effects
