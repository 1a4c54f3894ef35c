import Foundation
import Observation
import Tracer

/// Seed 002: selection is view state. Kept in `@State` (saved to `@AppStorage`, restored in
/// `.task`) versus kept in an `@Observable` model that every view reading it observes.
enum Selection {
    static let scenario = Scenario(
        name: "selection", seed: "seed 002",
        summary: "Project and file selection as view state versus model state, saved and restored on relaunch.",
        variants: [
            ScenarioVariant(
                "view-state", "Selection in @State, saved to @AppStorage in .onChange, restored in .task; .id resets the detail."),
            ScenarioVariant(
                "model-state", "Selection in an @Observable model with side effects in its setter; lists need custom bindings."),
        ],
        script: play)

    /// A file of a project.
    struct ProjectFile: Identifiable, Hashable, Sendable {
        let id: String
        let name: String
    }

    /// A project and its files.
    struct Project: Identifiable, Hashable, Sendable {
        let id: String
        let name: String
        let files: [ProjectFile]
    }

    static let projects = [
        Project(id: "tracer", name: "Tracer", files: [
            ProjectFile(id: "tracer/readme", name: "README.md"),
            ProjectFile(id: "tracer/package", name: "Package.swift"),
            ProjectFile(id: "tracer/recorder", name: "TraceRecorder.swift"),
        ]),
        Project(id: "site", name: "Website", files: [
            ProjectFile(id: "site/index", name: "index.html"),
            ProjectFile(id: "site/style", name: "style.css"),
        ]),
    ]

    /// The files selected in the first project, then the file selected after changing projects.
    static let filesInFirstProject = projects[0].files
    static let fileInSecondProject = projects[1].files[1]

    private static func play(_ variant: String, _ session: ScenarioSession) throws(ViewGraphError) {
        // NB: a suite of its own, emptied before and after, so runs are repeatable and leave nothing.
        let suite = "tracer-scenario-selection-\(variant)"
        let defaults = UserDefaults(suiteName: suite)!
        defaults.removePersistentDomain(forName: suite)
        defer { defaults.removePersistentDomain(forName: suite) }

        func launch() {
            if variant == "view-state" {
                session.graph.mount(ViewStateVariant.ContentView(model: ViewStateVariant.ProjectModel(), defaults: defaults))
            } else {
                session.graph.mount(ModelStateVariant.ContentView(model: ModelStateVariant.AppModel(defaults: defaults)))
            }
        }
        let projectList = variant == "view-state" ? "ProjectList/List" : "ProjectSidebar/List"
        let fileList = variant == "view-state" ? "FileList/List" : "FileSidebar/List"

        session.mark("launch")
        launch()
        session.mark("select")
        session.nextFrame()
        try session.select(projects[0], inListEndingWith: projectList)
        for file in filesInFirstProject {
            session.nextFrame()
            try session.select(file, inListEndingWith: fileList)
        }
        session.mark("change-project")
        session.nextFrame()
        try session.select(projects[1], inListEndingWith: projectList)
        session.nextFrame()
        try session.select(fileInSecondProject, inListEndingWith: fileList)
        session.mark("relaunch")
        session.graph.unmountAll()
        session.nextFrame()
        launch()
    }

    /// A row of a list.
    struct Row: View {
        let title: String

        var body: some View { Text(title) }
    }

    /// The detail of the selected file, with view-local state that `.id` resets.
    struct FileDetailView: View {
        let project: Project
        let file: ProjectFile
        @State private var scrollPosition = 0

        var body: some View {
            VStack {
                Text("\(project.name) / \(file.name)")
                Text("line \(scrollPosition)")
            }
        }
    }

    enum ViewStateVariant {
        /// Model state only: the loaded project and its files.
        @Observable
        final class ProjectModel {
            var projects = Selection.projects
            private(set) var files: [ProjectFile] = []
            private(set) var currentProject: Project?

            /// Loads `project`'s files: a data operation the view asks for.
            func loadProject(_ project: Project) {
                currentProject = project
                files = project.files
            }
        }

        struct ProjectList: View {
            let projects: [Project]
            @Binding var selection: Project?

            var body: some View {
                List(projects, selection: $selection) { project in Row(title: project.name).tag(project) }
            }
        }

        struct FileList: View {
            let files: [ProjectFile]
            @Binding var selection: ProjectFile?

            var body: some View {
                List(files, selection: $selection) { file in Row(title: file.name).tag(file) }
            }
        }

        /// The seed's preferred shape: each level of selection is `@State`, saved to `@AppStorage`.
        struct ContentView: View {
            let model: ProjectModel
            @State private var selectedProject: Project?
            @State private var selectedFile: ProjectFile?
            @AppStorage private var savedProjectID: String
            @AppStorage private var savedFileID: String

            init(model: ProjectModel, defaults: UserDefaults) {
                self.model = model
                _savedProjectID = AppStorage(wrappedValue: "", "savedProjectID", store: defaults)
                _savedFileID = AppStorage(wrappedValue: "", "savedFileID", store: defaults)
            }

            var body: some View {
                HStack {
                    ProjectList(projects: model.projects, selection: $selectedProject)
                    FileList(files: model.files, selection: $selectedFile)
                    if let selectedProject {
                        if let selectedFile {
                            FileDetailView(project: selectedProject, file: selectedFile).id(selectedFile.id)
                        } else {
                            Text("Select a File")
                        }
                    } else {
                        Text("Select a Project")
                    }
                }
                .task {
                    if let project = model.projects.first(where: { $0.id == savedProjectID }) {
                        selectedProject = project
                        model.loadProject(project)
                        if !savedFileID.isEmpty, let file = model.files.first(where: { $0.id == savedFileID }) {
                            selectedFile = file
                        }
                    }
                }
                .onChange(of: selectedProject) { old, new in
                    guard let project = new, project.id != old?.id else { return }
                    guard project != model.currentProject else { return }  // already loaded by .task
                    model.loadProject(project)
                    savedProjectID = project.id
                    selectedFile = nil
                    savedFileID = ""
                }
                .onChange(of: selectedFile) { _, new in
                    if let new { savedFileID = new.id }
                }
            }
        }
    }

    enum ModelStateVariant {
        /// The avoided shape: the model tracks the selection, with side effects in its setters.
        @Observable
        final class AppModel {
            var projects = Selection.projects
            private(set) var files: [ProjectFile] = []
            private(set) var selectedProject: Project?
            private(set) var selectedFile: ProjectFile?
            @ObservationIgnored private let defaults: UserDefaults

            /// A model restoring the saved selection from `defaults`.
            init(defaults: UserDefaults) {
                self.defaults = defaults
                if let project = projects.first(where: { $0.id == defaults.string(forKey: "savedProjectID") }) {
                    selectProject(project)
                    selectFile(files.first { $0.id == defaults.string(forKey: "savedFileID") })
                }
            }

            /// Selects `project`, loads its files, clears the file selection and saves.
            func selectProject(_ project: Project?) {
                guard project != selectedProject else { return }
                selectedProject = project
                files = project?.files ?? []
                selectedFile = nil
                defaults.set(project?.id ?? "", forKey: "savedProjectID")
            }

            /// Selects `file` and saves.
            func selectFile(_ file: ProjectFile?) {
                selectedFile = file
                defaults.set(file?.id ?? "", forKey: "savedFileID")
            }
        }

        struct ProjectSidebar: View {
            let model: AppModel

            var body: some View {
                let binding = Binding<Project?>(get: { model.selectedProject }, set: { model.selectProject($0) })
                List(model.projects, selection: binding) { project in Row(title: project.name) }
            }
        }

        struct FileSidebar: View {
            let model: AppModel

            var body: some View {
                let binding = Binding<ProjectFile?>(get: { model.selectedFile }, set: { model.selectFile($0) })
                List(model.files, selection: binding) { file in Row(title: file.name) }
            }
        }

        struct ContentView: View {
            let model: AppModel

            var body: some View {
                HStack {
                    ProjectSidebar(model: model)
                    FileSidebar(model: model)
                    if let project = model.selectedProject {
                        if let file = model.selectedFile {
                            FileDetailView(project: project, file: file).id(file.id)
                        } else {
                            Text("Select a File")
                        }
                    } else {
                        Text("Select a Project")
                    }
                }
            }
        }
    }
}
