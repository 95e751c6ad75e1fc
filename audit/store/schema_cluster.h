// Internal to the store: the cluster-identity migration (schema 4) and the default cluster name.
#pragma once

#include "model/finding.h"

namespace kg::audit::store {

/// The cluster of rows stored before schema 4, and of an ingest without --cluster into a
/// store that holds no other cluster (model's name: findings' fingerprints leave it out).
inline constexpr const char* k_default_cluster = model::k_default_cluster;

/// Migration 4's SQL (see schema_cluster.cpp).
extern const char* const k_migration_4_cluster;

}  // namespace kg::audit::store
