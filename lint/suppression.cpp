// Parsing of `kueuegov.io/ignore` annotation values.
#include "lint/suppression.h"

#include "lint/rule.h"

namespace kg::lint {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n')) {
        s.remove_suffix(1);
    }
    return s;
}

}  // namespace

std::vector<IgnoreClause> parse_ignore(std::string_view value) {
    std::vector<IgnoreClause> out;
    std::size_t start = 0;
    while (start <= value.size()) {
        std::size_t semi = value.find(';', start);
        std::string_view clause = trim(value.substr(start, semi == std::string_view::npos ? value.npos : semi - start));
        start = semi == std::string_view::npos ? value.size() + 1 : semi + 1;
        if (clause.empty()) {
            continue;
        }
        IgnoreClause c;
        std::size_t colon = clause.find(':');
        std::string_view ids = clause.substr(0, colon);
        c.reason = colon == std::string_view::npos ? std::string() : std::string(trim(clause.substr(colon + 1)));
        std::size_t p = 0;
        while (p <= ids.size()) {
            std::size_t comma = ids.find(',', p);
            std::string_view id = trim(ids.substr(p, comma == std::string_view::npos ? ids.npos : comma - p));
            p = comma == std::string_view::npos ? ids.size() + 1 : comma + 1;
            if (id.empty()) {
                continue;
            }
            if (!find_rule(id) && c.error.empty()) {
                c.error = "unknown rule \"" + std::string(id) + "\"";
            }
            c.ids.emplace_back(id);
        }
        if (c.error.empty() && c.ids.empty()) {
            c.error = "expected rule ids before ':', found none";
        }
        if (c.error.empty() && c.reason.empty()) {
            c.error = "expected a reason after the rule ids (\"" + std::string(ids) + ": why\"), found none";
        }
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace kg::lint
