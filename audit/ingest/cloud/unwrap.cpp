#include "audit/ingest/cloud/aks_diagnostic.h"
#include "audit/ingest/cloud/cloud.h"
#include "audit/ingest/cloud/eks_cloudwatch.h"
#include "audit/ingest/cloud/gke_log_entry.h"

namespace kg::audit::ingest::cloud {

bool unwrap(simdjson::dom::element root, Sink& sink) {
    if (!root.is_object()) return false;
    if (is_gke_log_entry(root)) {
        read_gke_log_entry(root, sink);
        return true;
    }
    if (is_azure_diagnostic(root)) {
        read_azure_diagnostic(root, sink);
        return true;
    }
    if (is_cloudwatch(root)) {
        read_cloudwatch(root, sink);
        return true;
    }
    return false;
}

}  // namespace kg::audit::ingest::cloud
