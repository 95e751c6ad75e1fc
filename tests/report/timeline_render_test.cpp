// `audit timeline` rendering: waits, columns, JSON fields.
#include "report/timeline_render.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>

TEST_CASE("waits print as the largest units down to seconds, milliseconds below one second", "[report][timeline]") {
    using kg::report::format_wait;
    CHECK(format_wait(252000000) == "+4m12s");
    CHECK(format_wait(7205000000) == "+2h0m5s");
    CHECK(format_wait(350000) == "+350ms");
    CHECK(format_wait(0) == "+0s");
    CHECK(format_wait(-3000000) == "-3s");
}

TEST_CASE("a timeline renders as aligned text and as JSON", "[report][timeline]") {
    kg::audit::Timeline t;
    t.object = {"Workload", "ml", "w"};
    t.entries.push_back({"2026-10-05T09:12:40Z", 0, std::nullopt, "", "created", "kueue", "", "a.log:1"});
    t.entries.push_back({"2026-10-05T09:16:52Z", 252000000, 252000000, "", "quota reserved", "kueue",
                         "ClusterQueue team-a", "a.log:2"});
    std::ostringstream os;
    kg::report::render_timeline_text(os, t);
    CHECK(os.str() == "Workload ml/w: 2 steps, 2026-10-05T09:12:40Z to 2026-10-05T09:16:52Z (4m12s)\n"
                      "  2026-10-05T09:12:40Z            created         by kueue  [a.log:1]\n"
                      "  2026-10-05T09:16:52Z  +4m12s    quota reserved  by kueue  ClusterQueue team-a  [a.log:2]\n");
    std::ostringstream js;
    kg::report::render_timeline_json(js, t);
    auto j = nlohmann::json::parse(js.str());
    CHECK(j["object"]["name"] == "w");
    CHECK(j["entries"][0]["wait_us"].is_null());
    CHECK(j["entries"][1]["wait_us"] == 252000000);
    CHECK(j["entries"][1]["wait"] == "+4m12s");
    t.entries.clear();
    std::ostringstream none;
    kg::report::render_timeline_text(none, t);
    CHECK(none.str() == "Workload ml/w: no history in the store\n");
}
