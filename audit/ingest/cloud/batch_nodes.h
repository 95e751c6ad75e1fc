// Documents that are batches of records (a gcloud JSON array of LogEntries, `aws logs
// filter-log-events` output, an Azure {"records":[...]} batch, any top-level JSON array of
// events) are handed to the extractor one record at a time, so each record keeps its own line
// in diagnostics and a bad record is reported where it is.
#pragma once

#include "model/yaml/node.h"

namespace kg::audit::ingest::cloud {

/// Calls `f` with each record of a batch document, or with the document itself.
template <typename F>
void for_each_record(const model::yaml::Node& doc, F&& f) {
    if (doc.is_sequence()) {
        for (const model::yaml::Node& item : doc.items) f(item);
        return;
    }
    // A batch object is the cloud's envelope, not a Kubernetes object (those have a kind).
    if (doc.is_mapping() && !doc.get("kind") && !doc.get("apiVersion")) {
        for (const char* key : {"events", "logEvents", "records"}) {
            const model::yaml::Node* batch = doc.get(key);
            if (batch && batch->is_sequence() && !batch->items.empty()) {
                const model::yaml::Node* type = doc.get("messageType");
                if (type && type->scalar == "CONTROL_MESSAGE") break;
                for (const model::yaml::Node& item : batch->items) f(item);
                return;
            }
        }
    }
    f(doc);
}

}  // namespace kg::audit::ingest::cloud
