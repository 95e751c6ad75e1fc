// Rows as the readers hand them to the store: one struct per evidence table, plain
// strings and numbers (no SQLite types). Column meanings are documented in
// man/kueuegov-audit.1; `nkey` is the natural key that makes ingest idempotent.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kg::audit {

/// Who made a request, as the audit log says (user.username / user.groups / impersonatedUser).
struct Actor {
    std::string user;
    std::string groups_json = "[]";  ///< JSON array of group names
    std::string impersonated;        ///< effective user when the request used --as, else ""
};

/// What the input range of one batch held: events read, kept (yielded Kueue evidence), bad
/// lines, and skipped events by reason as a JSON object {"reason": count}.
struct BatchInput {
    std::int64_t events = 0, kept = 0, bad = 0;
    std::string skipped_json = "{}";
    bool empty() const { return events == 0 && bad == 0; }
};

struct ObjectVersionRow {
    std::uint64_t line = 0;
    std::string nkey;
    std::string origin;  ///< "audit" or "export"
    std::string kind, namespace_, name, uid, resource_version;
    std::string verb;  ///< create/update/patch/delete, or "snapshot" for exports
    std::string subresource;
    std::optional<std::int64_t> code;  ///< HTTP status of the request; nullopt for exports
    Actor actor;
    std::string user_agent;
    std::string time;  ///< RFC 3339
    std::int64_t ts_us = 0;
    std::string audit_id, level, request_uri;
    std::string annotations_json;  ///< audit annotations object, "" when none
    bool body_captured = false;
    std::optional<std::string> object_json;   ///< the object after the write (or as exported)
    std::optional<std::string> request_json;  ///< the request body (a patch document for patches)
    std::string content_hash;                 ///< sha256 of object_json, "" without one
};

struct JobRow {
    std::uint64_t line = 0;
    std::string nkey, origin, kind, api_group, namespace_, name, uid;
    std::string created;  ///< RFC 3339 or ""
    std::optional<std::int64_t> created_ts_us;
    Actor creator;
    std::optional<std::string> queue_name;      ///< nullopt: no kueue.x-k8s.io/queue-name label
    std::optional<std::string> priority_class;  ///< kueue.x-k8s.io/priority-class label
    std::optional<bool> kueue_mutated;          ///< a Kueue mutating webhook annotation was logged
    std::optional<bool> suspend;
    std::optional<std::int64_t> code;
    std::string audit_id;
};

struct JobLabelChangeRow {
    std::uint64_t line = 0;
    std::string nkey, kind, namespace_, name, uid, label;
    std::optional<std::string> old_value, new_value;  ///< nullopt = label absent
    Actor actor;
    std::string verb;
    std::optional<std::int64_t> code;
    std::string time;
    std::int64_t ts_us = 0;
    std::string audit_id;
};

struct WorkloadEventRow {
    std::uint64_t line = 0;
    std::string nkey, origin, namespace_, name, uid;
    std::string step;  ///< see the CHECK constraint in schema.cpp
    std::string time;
    std::int64_t ts_us = 0;
    std::string actor, reason, message, preemptor_uid, preemptor_path, cluster_queue, local_queue;
    std::optional<std::int64_t> priority;
    std::string audit_id;
};

struct WorkloadAssignmentRow {
    std::uint64_t line = 0;
    std::string nkey, namespace_, name;
    std::int64_t reserved_ts_us = 0;
    std::string cluster_queue, podset;
    std::optional<std::int64_t> count;
    std::string flavor, resource, quantity;
    std::int64_t milli = 0;
};

struct K8sEventRow {
    std::uint64_t line = 0;
    std::string nkey, origin, namespace_, name;
    std::string regarding_kind, regarding_namespace, regarding_name, regarding_uid;
    std::string type, reason, message, reporting_component;
    std::optional<std::int64_t> count;
    std::string time;
    std::int64_t ts_us = 0;
    std::string audit_id;
};

struct NamespaceRow {
    std::uint64_t line = 0;
    std::string nkey, origin, name, uid;
    std::string labels_json = "{}";
    std::string actor;
    std::string time;
    std::int64_t ts_us = 0;
    std::string audit_id;
};

}  // namespace kg::audit
