// The evidence inventory of a report: each input with its kind, hash and how many records it
// gave (objects loaded from a manifest, evidence rows from an ingested source), and the hash
// chain's verification, so an auditor can check the report against the files.
#pragma once

#include "audit/history.h"
#include "model/cluster.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit::effects {

struct InventoryEntry {
    std::string name, kind, sha256;
    std::int64_t records = 0;
};

/// The manifest files loaded into `c` (file ids 1..n; the last is the policy file when
/// `last_is_policy`), each with its sha256 and the number of Kueue-relevant objects it gave.
std::vector<InventoryEntry> manifest_inventory(const model::Cluster& c, bool last_is_policy);

/// The store's sources, with their evidence rows and whether the ingest completed.
std::vector<InventoryEntry> store_inventory(const std::vector<SourceInfo>& sources);

/// One line on the chain: how many batches and rows were recomputed, or the first problem.
std::string chain_summary(const ChainVerification& v);

}  // namespace kg::audit::effects
