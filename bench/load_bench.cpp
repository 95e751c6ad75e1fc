// Loader benchmark: loads each file given (a `kubectl get -o yaml|json` export) with
// the real loader and prints objects, seconds and peak RSS; scripts/bench compares
// them with the budget (20,000 Workloads in < 1 s, peak RSS < 5x the file size).
#include "model/loader.h"

#include <simdjson.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace {

// User + system CPU of the whole process (both parser threads): on a shared machine
// the wall clock also measures the neighbours.
double cpu_seconds() {
    struct rusage ru {};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

}  // namespace

// --simdjson-parse: what simdjson alone takes for the same file (read into a padded
// buffer, then a DOM parse), in the same minute as the load: this VM's speed swings by a
// third from one quarter hour to the next, so the load's ratio to this reference says more
// than its seconds (the starting point was 5.4x).
int simdjson_parse(const char* path) {
    double cpu0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    simdjson::padded_string text;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (simdjson::padded_string::load(path).get(text) || parser.parse(text).get(doc)) {
        std::fprintf(stderr, "bench_load: %s: simdjson cannot parse it\n", path);
        return 1;
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double cpu = cpu_seconds() - cpu0;
    std::printf("%s\tsimdjson DOM parse\t%.3f s (CPU %.3f s)\n", path, secs, cpu);
    return 0;
}

int main(int argc, char** argv) {
    // --one-thread: the one-pass parse only, to compare with the two-thread List path.
    // --batch-kib N: the two-thread path's batch size, to tune LoadOptions::list_batch_bytes.
    bool one_thread = false;
    bool parse_only = false;
    std::size_t batch_bytes = kg::model::LoadOptions{}.list_batch_bytes;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; ++first) {
        if (std::strcmp(argv[first], "--one-thread") == 0) {
            one_thread = true;
        } else if (std::strcmp(argv[first], "--simdjson-parse") == 0) {
            parse_only = true;
        } else if (std::strcmp(argv[first], "--batch-kib") == 0 && first + 1 < argc) {
            batch_bytes = std::strtoul(argv[++first], nullptr, 10) * 1024;
        } else {
            break;
        }
    }
    if (argc <= first || batch_bytes == 0) {
        std::fprintf(stderr, "usage: bench_load [--one-thread] [--batch-kib N] [--simdjson-parse] FILE...\n");
        return 2;
    }
    if (parse_only) {
        for (int i = first; i < argc; ++i) {
            if (int rc = simdjson_parse(argv[i])) {
                return rc;
            }
        }
        return 0;
    }
    for (int i = first; i < argc; ++i) {
        kg::model::Cluster cluster;
        kg::model::DiagSink diags;
        kg::model::LoadOptions opt;
        opt.parallel_lists = !one_thread;
        opt.list_batch_bytes = batch_bytes;
        double cpu0 = cpu_seconds();
        auto t0 = std::chrono::steady_clock::now();
        bool ok = kg::model::load_paths({argv[i]}, cluster, diags, opt);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        double cpu = cpu_seconds() - cpu0;
        struct rusage ru {};
        getrusage(RUSAGE_SELF, &ru);
        double mb = static_cast<double>(std::filesystem::file_size(argv[i])) / 1e6;
        std::printf("%s\t%.1f MB\t%zu workloads\t%zu errors\t%.3f s (CPU %.3f s)\t%.1f MB/s\t"
                    "peak RSS %.1f MB (%.2fx file)\n",
                    argv[i], mb, cluster.workloads.size(), diags.error_count(), secs, cpu, mb / secs,
                    static_cast<double>(ru.ru_maxrss) / 1024.0, static_cast<double>(ru.ru_maxrss) / 1024.0 / mb);
        if (!ok || diags.error_count()) {
            return 1;
        }
    }
    return 0;
}
