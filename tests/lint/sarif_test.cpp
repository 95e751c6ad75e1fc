// The SARIF golden output carries every field GitHub code scanning requires:
// tool.driver.rules with help, results with ruleId, message, a physical location with a
// 1-based region, and partialFingerprints.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

TEST_CASE("SARIF output has the fields GitHub code scanning requires", "[lint][sarif]") {
    std::ifstream in(std::string(KG_SOURCE_DIR) + "/testdata/lint/golden/mixed-sarif/expected.stdout");
    REQUIRE(in);
    nlohmann::json doc = nlohmann::json::parse(in);
    CHECK(doc["version"] == "2.1.0");
    CHECK(doc["$schema"].get<std::string>().find("sarif-2.1.0") != std::string::npos);
    REQUIRE(doc["runs"].size() == 1);
    const auto& run = doc["runs"][0];
    CHECK(run["tool"]["driver"]["name"] == "kueuegov");
    const auto& rules = run["tool"]["driver"]["rules"];
    REQUIRE(rules.size() > 30);
    for (const auto& r : rules) {
        CHECK(r["id"].is_string());
        CHECK(!r["shortDescription"]["text"].get<std::string>().empty());
        CHECK(!r["help"]["text"].get<std::string>().empty());
        CHECK(!r["help"]["markdown"].get<std::string>().empty());
    }
    const auto& results = run["results"];
    REQUIRE(results.size() == 5);
    std::set<std::string> levels{"error", "warning", "note"};
    for (const auto& res : results) {
        std::size_t idx = res["ruleIndex"].get<std::size_t>();
        REQUIRE(idx < rules.size());
        CHECK(rules[idx]["id"] == res["ruleId"]);
        CHECK(levels.count(res["level"].get<std::string>()) == 1);
        CHECK(!res["message"]["text"].get<std::string>().empty());
        const auto& phys = res["locations"][0]["physicalLocation"];
        CHECK(phys["artifactLocation"]["uri"] == "queues.yaml");
        CHECK(phys["region"]["startLine"].get<int>() >= 1);
        CHECK(phys["region"]["startColumn"].get<int>() >= 1);
        CHECK(res["partialFingerprints"]["kueuegovFinding/v1"].get<std::string>().size() == 16);
    }
}
