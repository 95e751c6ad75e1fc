// Internal to the store: migration 7, PostgreSQL row ids from sequences.
#pragma once

namespace kg::audit::store {

/// Migration 7's SQL for PostgreSQL (see schema_sequences.cpp); SQLite runs nothing.
extern const char* const k_migration_7_sequences_postgres;

}  // namespace kg::audit::store
