// Texts shared by the history rules (helpers.h).
#include "audit/check/rules/helpers.h"

#include "model/amount.h"

namespace kg::audit::check::rules {

std::string describe(const std::string& kind, const std::string& namespace_, const std::string& name) {
    return kind + " \"" + (namespace_.empty() ? name : namespace_ + "/" + name) + "\"";
}

std::string past_tense(const std::string& verb) {
    if (verb == "create" || verb == "update" || verb == "delete") {
        return verb + "d";
    }
    if (verb == "patch") {
        return "patched";
    }
    return verb + " applied";
}

std::string format_milli(const std::string& resource, std::int64_t milli) {
    // Canonical units are milli for cpu and whole units otherwise (model/amount.h); a
    // fractional amount of another resource keeps its milli suffix.
    if (resource == "cpu") {
        return model::amount_to_quantity(resource, milli).to_string();
    }
    if (milli % 1000 != 0) {
        return std::to_string(milli) + "m";
    }
    return model::amount_to_quantity(resource, milli / 1000).to_string();
}

std::string format_duration(std::int64_t s) {
    std::string out;
    if (s < 0) {
        out = "-";
        s = -s;
    }
    std::int64_t h = s / 3600, m = (s % 3600) / 60, sec = s % 60;
    if (h) {
        out += std::to_string(h) + "h" + std::to_string(m) + "m" + std::to_string(sec) + "s";
    } else if (m) {
        out += std::to_string(m) + "m" + std::to_string(sec) + "s";
    } else {
        out += std::to_string(sec) + "s";
    }
    return out;
}

}  // namespace kg::audit::check::rules
