// AKS: Azure Monitor diagnostic records of the control plane's kube-audit or kube-audit-admin
// category ({time, resourceId, category, operationName, properties:{log, stream, pod,
// containerID}}), whose properties.log is the audit event as a JSON string or as an object.
// Accepted one per line or batched as {"records":[...]} (Event Hubs, storage account exports).
// Records of other categories (kube-apiserver, guard, ...) are counted as skipped.
#pragma once

#include "audit/ingest/cloud/cloud.h"

#include <simdjson.h>

namespace kg::audit::ingest::cloud {

/// {"records":[...]} of diagnostic records, or one record (a properties object with a log).
bool is_azure_diagnostic(simdjson::dom::element root);

void read_azure_diagnostic(simdjson::dom::element root, Sink& sink);

}  // namespace kg::audit::ingest::cloud
