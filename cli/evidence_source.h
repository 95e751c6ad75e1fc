// Opening the audit evidence store (--db FILE or --db postgresql://...) for the reading verbs:
// a missing SQLite store is a usage error that says how to create one.
#pragma once

#include <memory>
#include <string>

namespace kg::audit {
class EvidenceStore;
}

namespace kg::cli {

/// False, after printing `kueuegov: error: cannot open evidence store PATH: no such file`, when
/// `db` is an SQLite path that does not exist (reading never creates one). A PostgreSQL URL is
/// checked by connecting to it.
bool store_present(const std::string& db);

/// The store's name for output: the SQLite path, or the URL without its password.
std::string store_display(const std::string& db);

/// Opens an existing store read-only; prints `kueuegov: error: ...` and returns nullopt-like
/// null when it does not exist (the store constructor throws model::Fatal for the rest).
std::unique_ptr<audit::EvidenceStore> open_store_or_report(const std::string& path);

}  // namespace kg::cli
