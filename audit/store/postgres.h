// The PostgreSQL door of the store's connection interface (audit/store/connection.h): the only
// file (with postgres.cpp) that includes libpq-fe.h. Statements keep the store's SQLite-style
// positional parameters (?N, ?), rewritten to $N once per statement text and prepared once per
// connection. Errors become model::Fatal naming the server (URL without its password) and what
// failed.
#pragma once

#include "audit/store/connection.h"

#include <memory>
#include <string>
#include <vector>

namespace kg::audit::store {

/// Connects to the server named by the postgresql:// or postgres:// URL. read_only sessions
/// run every transaction read-only (the server refuses writes).
std::unique_ptr<DbImpl> open_postgres(const std::string& url, bool read_only);

/// `url` with any password (user:PASSWORD@ or ?password=) replaced by "***", for messages.
std::string redact_url(const std::string& url);

/// `sql` with SQLite's ?N and ? parameters written as PostgreSQL's $N (quoted text untouched).
/// `referenced`, when given, gets one flag per parameter number up to the highest: whether the
/// text uses it (a statement may skip numbers, as the cluster scope's ?20 does).
std::string postgres_parameters(std::string_view sql, std::vector<bool>* referenced = nullptr);

}  // namespace kg::audit::store
