list(APPEND KG_MODEL_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/job_decoders.cpp
  ${CMAKE_CURRENT_LIST_DIR}/builder_helpers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/batch_jobs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/kubeflow_jobs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ray_jobs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/serving_jobs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spark_application.cpp
  ${CMAKE_CURRENT_LIST_DIR}/app_wrapper.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sha1.cpp
  ${CMAKE_CURRENT_LIST_DIR}/workload_for_job.cpp
)
