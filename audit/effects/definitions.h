// Queue definitions as the evidence store last captured them: when a report is given no
// manifests, the queue-policy objects as of the end of its period are rebuilt from the store
// and loaded like manifests, each named after its evidence so findings point at the log line.
#pragma once

#include "audit/store/store.h"
#include "model/cluster.h"

#include <cstdint>
#include <string_view>

namespace kg::audit::effects {

/// Objects rebuilt from the store are loaded under this prefix plus their evidence
/// ("source-path:line"); report/ prints such a position as the evidence alone.
inline constexpr std::string_view k_store_evidence_prefix = "evidence-store:";

/// Loads into `c` the queue-policy objects as last captured before `at_us` (Unix microseconds).
void load_policy_from_store(const EvidenceStore& store, std::int64_t at_us, model::Cluster& c);

}  // namespace kg::audit::effects
