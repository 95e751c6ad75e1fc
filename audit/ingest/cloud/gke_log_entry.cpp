#include "audit/ingest/cloud/gke_log_entry.h"

#include "audit/ingest/cloud/json_util.h"

#include <string>
#include <vector>

namespace kg::audit::ingest::cloud {

namespace {

struct ObjectRef {
    std::string group, version, ns, resource, name, subresource;
};

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
        const auto p = s.find(sep, start);
        out.push_back(s.substr(start, p == std::string_view::npos ? std::string_view::npos : p - start));
        if (p == std::string_view::npos) return out;
        start = p + 1;
    }
}

/// resourceName -> objectRef; nullopt when it is not a resource path (non-resource requests
/// such as /healthz have none, or a path of their own).
std::optional<ObjectRef> parse_resource_name(std::string_view rn) {
    const std::vector<std::string_view> p = split(rn, '/');
    if (p.size() < 3) return std::nullopt;
    for (std::string_view part : p)
        if (part.empty()) return std::nullopt;
    ObjectRef r;
    r.group = p[0] == "core" ? "" : std::string(p[0]);  // GKE writes the core group as "core"
    r.version = std::string(p[1]);
    std::size_t i = 2;
    // namespaces/<ns>/<resource>...: a namespaced object. "namespaces/<ns>" alone, or with a
    // Namespace subresource (status, finalize), is the Namespace object itself.
    if (p[2] == "namespaces" && p.size() >= 5 && p[4] != "status" && p[4] != "finalize") {
        r.ns = std::string(p[3]);
        i = 4;
    }
    r.resource = std::string(p[i]);
    if (i + 1 < p.size()) r.name = std::string(p[i + 1]);
    if (i + 2 < p.size()) r.subresource = std::string(p[i + 2]);
    if (i + 3 < p.size()) return std::nullopt;
    return r;
}

/// google.rpc.Code -> the HTTP status the API server answered (only >= 300 matters to the
/// extractor: a refused write changed nothing).
int http_code(std::int64_t rpc, std::string_view verb) {
    switch (rpc) {
        case 0: return verb == "create" ? 201 : 200;
        case 3: return 422;   // INVALID_ARGUMENT (validation, webhook denial)
        case 5: return 404;   // NOT_FOUND
        case 6: return 409;   // ALREADY_EXISTS
        case 7: return 403;   // PERMISSION_DENIED
        case 9: return 400;   // FAILED_PRECONDITION
        case 10: return 409;  // ABORTED (conflict)
        case 16: return 401;  // UNAUTHENTICATED
        case 8: return 429;   // RESOURCE_EXHAUSTED
        default: return 500;
    }
}

}  // namespace

bool is_gke_log_entry(element root) {
    const auto pp = field(root, "protoPayload");
    if (!pp) return false;
    if (!pp->is_object()) return true;  // a LogEntry whose payload is broken: the reader says so
    const auto type = string_field(*pp, "@type");
    return (type && type->find("AuditLog") != std::string_view::npos) || (has(*pp, "methodName") && has(*pp, "serviceName"));
}

void read_gke_log_entry(element entry, Sink& sink) {
    const auto pp = field(entry, "protoPayload");
    if (!pp || !pp->is_object()) return sink.bad("expected protoPayload to be an AuditLog object");
    const auto service = string_field(*pp, "serviceName");
    if (!service) return sink.bad("expected protoPayload.serviceName as a string");
    if (*service != "k8s.io") return sink.skip("GKE audit entry of another service (not the Kubernetes API server)");
    const auto method = string_field(*pp, "methodName");
    if (!method || method->empty()) return sink.bad("expected protoPayload.methodName as a string (io.k8s...<verb>)");
    const std::string_view verb = method->substr(method->rfind('.') + 1);
    std::optional<std::string_view> id = string_field(entry, "insertId");
    if (!id) {
        if (const auto op = field(entry, "operation")) id = string_field(*op, "id");
    }
    if (!id || id->empty()) return sink.bad("expected insertId (or operation.id) as a string: the audit ID");
    std::optional<std::string_view> when = string_field(entry, "timestamp");
    if (!when) when = string_field(entry, "receiveTimestamp");
    if (!when) return sink.bad("expected timestamp as an RFC 3339 string");

    std::optional<ObjectRef> ref;
    if (const auto rn = string_field(*pp, "resourceName"); rn && !rn->empty()) {
        ref = parse_resource_name(*rn);
        if (!ref) return sink.bad("expected protoPayload.resourceName as <group>/<version>/[namespaces/<ns>/]<resource>/<name>, found \"" +
                                  std::string(*rn) + "\"");
    }
    const auto request = field(*pp, "request");
    const auto response = field(*pp, "response");
    std::int64_t rpc = 0;
    std::string_view status_message;
    if (const auto st = field(*pp, "status")) {
        if (const auto code = field(*st, "code"); code && code->get_int64().get(rpc))
            return sink.bad("expected protoPayload.status.code as an integer (google.rpc.Code)");
        status_message = string_field(*st, "message").value_or("");
    }

    std::string ev = R"({"kind":"Event","apiVersion":"audit.k8s.io/v1","level":)";
    append_quoted(ev, response ? "RequestResponse" : request ? "Request" : "Metadata");
    ev += R"(,"auditID":)";
    append_quoted(ev, *id);
    ev += R"(,"stage":"ResponseComplete","requestURI":)";
    std::string uri;
    if (ref) {
        uri = ref->group.empty() ? "/api/" + ref->version : "/apis/" + ref->group + "/" + ref->version;
        if (!ref->ns.empty()) uri += "/namespaces/" + ref->ns;
        uri += "/" + ref->resource;
        if (!ref->name.empty()) uri += "/" + ref->name;
        if (!ref->subresource.empty()) uri += "/" + ref->subresource;
    }
    append_quoted(ev, uri);
    ev += R"(,"verb":)";
    append_quoted(ev, verb);
    ev += R"(,"user":{"username":)";
    std::string_view principal;
    if (const auto auth = field(*pp, "authenticationInfo")) principal = string_field(*auth, "principalEmail").value_or("");
    append_quoted(ev, principal);
    ev += '}';
    if (const auto meta = field(*pp, "requestMetadata")) {
        if (const auto ip = string_field(*meta, "callerIp")) {
            ev += R"(,"sourceIPs":[)";
            append_quoted(ev, *ip);
            ev += ']';
        }
        if (const auto ua = string_field(*meta, "callerSuppliedUserAgent")) {
            ev += R"(,"userAgent":)";
            append_quoted(ev, *ua);
        }
    }
    if (ref) {
        ev += R"(,"objectRef":{"resource":)";
        append_quoted(ev, ref->resource);
        for (const auto& [k, v] : {std::pair<const char*, const std::string*>{"namespace", &ref->ns},
                                   {"name", &ref->name}, {"apiGroup", &ref->group}, {"apiVersion", &ref->version},
                                   {"subresource", &ref->subresource}}) {
            if (v->empty() && std::string_view(k) != "apiGroup") continue;
            ev += ",\"";
            ev += k;
            ev += "\":";
            append_quoted(ev, *v);
        }
        ev += '}';
    }
    ev += R"(,"responseStatus":{"metadata":{},"code":)" + std::to_string(http_code(rpc, verb));
    if (!status_message.empty()) {
        ev += R"(,"message":)";
        append_quoted(ev, status_message);
    }
    ev += '}';
    if (request) {
        ev += R"(,"requestObject":)";
        append_without_type(ev, *request);
    }
    if (response) {
        ev += R"(,"responseObject":)";
        append_without_type(ev, *response);
    }
    ev += R"(,"requestReceivedTimestamp":)";
    append_quoted(ev, *when);
    ev += R"(,"stageTimestamp":)";
    append_quoted(ev, *when);
    if (const auto labels = field(entry, "labels"); labels && labels->is_object()) {
        ev += R"(,"annotations":)";
        ev += simdjson::minify(*labels);
    }
    ev += '}';
    sink.event_text(ev);
}

}  // namespace kg::audit::ingest::cloud
