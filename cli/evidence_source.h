// Opening the audit evidence store for the reading verbs (chargeback, report): a missing store
// is a usage error that says how to create one.
#pragma once

#include <memory>
#include <string>

namespace kg::audit {
class EvidenceStore;
}

namespace kg::cli {

/// Opens an existing store read-only; prints `kueuegov: error: ...` and returns nullopt-like
/// null when it does not exist (the store constructor throws model::Fatal for the rest).
std::unique_ptr<audit::EvidenceStore> open_store_or_report(const std::string& path);

}  // namespace kg::cli
