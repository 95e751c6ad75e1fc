// Internal to the store: migration 6, the insert-only layout of sources and batches.
#pragma once

namespace kg::audit::store {

/// Migration 6's SQL (see schema_insert_only.cpp).
extern const char* const k_migration_6_insert_only;

}  // namespace kg::audit::store
