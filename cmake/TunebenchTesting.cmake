# tb_add_test(NAME tst_x SOURCES a.cpp LIBS lib... LABELS unit [ENVIRONMENT K=V...])
# Every test is a Qt Test executable run by CTest; the label says where it may run.
#
# With TUNEBENCH_PCH the tests share two precompiled headers (Qt Test alone; Qt Test with
# QtWidgets, for tests that link the workbench): a test's own code is a few hundred lines, the
# Qt headers it reads ~4 MB, so each test compiles in about two thirds of the time.
option(TUNEBENCH_PCH "Precompile Qt's headers for the workbench and the tests" ON)

function(tb_test_settings target)
    target_link_libraries(${target} PRIVATE Qt6::Test tunebench_warnings)
    # GCC 12 at -O3 warns of a memcpy out of bounds in std::string's operator+ inlined into
    # the tests ('"'" + name + "'"'): GCC bug 105329's family, false positives, as -Wrestrict's
    # in TunebenchWarnings; they fire more often with the precompiled header. Fixed in 13.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(${target} PRIVATE -Wno-stringop-overflow -Wno-array-bounds)
    endif()
    # A test's own code only drives the code under test, which keeps its release flags: -O1
    # here compiles a test a quarter to a third faster than -O3 (tst_mainwindow 12.5 s against
    # 9.7 s), minutes of CI's build over some 260 tests. Not -O0: some tests compute in their
    # own code (synthetic spaces, expected outputs), and GCC's precompiled headers would need
    # their own -O0 copies.
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:-O1>)
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests/testsupport)
    target_compile_definitions(${target} PRIVATE
        TB_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
        TB_BINARY_DIR="${PROJECT_BINARY_DIR}"
        TB_WORKER_PATH="$<TARGET_FILE:tunebench-worker>")
endfunction()

# The targets whose precompiled headers the tests reuse: the same flags as a test's.
function(tb_add_test_pch name)
    set(source ${CMAKE_CURRENT_BINARY_DIR}/${name}.cpp)
    file(WRITE ${source} "// a precompiled header's carrier\n")
    add_library(${name} OBJECT ${source})
    tb_test_settings(${name})
    target_link_libraries(${name} PRIVATE ${ARGN})
    target_precompile_headers(${name} PRIVATE
        <QtTest/QtTest> <algorithm> <cmath> <functional> <map> <memory> <optional> <string>
        <vector>)
endfunction()

if(TUNEBENCH_PCH)
    # Qt6::Test defines QT_TESTCASE_BUILDDIR and _SOURCEDIR as each test's own directories (for
    # QFINDTESTDATA, which no test here uses; they find data through TB_SOURCE_DIR). GCC refuses
    # a header precompiled under other values, so with them every test directory would need a
    # header of its own: drop them.
    get_target_property(test_definitions Qt6::Test INTERFACE_COMPILE_DEFINITIONS)
    list(FILTER test_definitions EXCLUDE REGEX "^QT_TESTCASE_(BUILD|SOURCE)DIR=")
    set_property(TARGET Qt6::Test PROPERTY INTERFACE_COMPILE_DEFINITIONS "${test_definitions}")
    tb_add_test_pch(tb_test_pch_core)
    if(TUNEBENCH_BUILD_GUI)
        tb_add_test_pch(tb_test_pch_widgets Qt6::Widgets)
        target_precompile_headers(tb_test_pch_widgets PRIVATE <QtWidgets/QtWidgets>)
    endif()
endif()

function(tb_add_test)
    cmake_parse_arguments(T "" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS;ENVIRONMENT" ${ARGN})
    add_executable(${T_NAME} ${T_SOURCES})
    tb_test_settings(${T_NAME})
    target_link_libraries(${T_NAME} PRIVATE ${T_LIBS})
    # Tests of the models library (Qt Gui without widgets) match neither header's definitions.
    if(TUNEBENCH_PCH AND NOT "tb_ui_models" IN_LIST T_LIBS)
        if(TUNEBENCH_BUILD_GUI AND ("tb_ui" IN_LIST T_LIBS OR "Qt6::Widgets" IN_LIST T_LIBS))
            target_precompile_headers(${T_NAME} REUSE_FROM tb_test_pch_widgets)
        else()
            target_precompile_headers(${T_NAME} REUSE_FROM tb_test_pch_core)
        endif()
        # AUTOMOC's mocs_compilation.cpp is empty unless a shared fixture header is among the
        # sources (each test includes its own .moc). Empty, it took 1.3 s a test with the
        # precompiled header, 4.6 CPU minutes of CI's build; a fixture's moc took 11 s without.
        set(moc_headers "")
        foreach(source IN LISTS T_SOURCES)
            if(source MATCHES "\\.h$")
                file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/${source} moc_header REGEX "Q_OBJECT")
                list(APPEND moc_headers ${moc_header})
            endif()
        endforeach()
        if(NOT moc_headers)
            set_source_files_properties(
                ${CMAKE_CURRENT_BINARY_DIR}/${T_NAME}_autogen/mocs_compilation.cpp
                TARGET_DIRECTORY ${T_NAME} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
        endif()
    endif()
    add_test(NAME ${T_NAME} COMMAND ${T_NAME})
    if(NOT T_TIMEOUT)
        set(T_TIMEOUT 300)
    endif()
    set_tests_properties(${T_NAME} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT}
        ENVIRONMENT "QT_QPA_PLATFORM=offscreen;${T_ENVIRONMENT}")
endfunction()
