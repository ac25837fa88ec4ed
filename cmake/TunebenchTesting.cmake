# tb_add_test(NAME tst_x SOURCES a.cpp LIBS lib... LABELS unit [ENVIRONMENT K=V...])
# Every test is a Qt Test executable run by CTest; the label says where it may run.
function(tb_add_test)
    cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS;ENVIRONMENT" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    target_link_libraries(${T_NAME} PRIVATE Qt6::Test tunebench_warnings ${T_LIBS})
    target_include_directories(${T_NAME} PRIVATE ${PROJECT_SOURCE_DIR}/tests/testsupport)
    target_compile_definitions(${T_NAME} PRIVATE
        TB_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        TB_BINARY_DIR="${PROJECT_BINARY_DIR}"
        TB_WORKER_PATH="$<TARGET_FILE:tunebench-worker>")
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 300)
    endif()
    set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;${T_ENVIRONMENT}")
endfunction()
