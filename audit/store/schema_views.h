// Internal to the store: migration 5, the views for dashboards (schema_views.cpp).
#pragma once

namespace kg::audit::store {

/// Migration 5's SQL: the kueuegov_* views (man kueuegov-audit, VIEWS).
extern const char* const k_migration_5_views;

/// The names of the views migration 5 creates, in the order the man page lists them.
extern const char* const k_dashboard_views[4];

}  // namespace kg::audit::store
