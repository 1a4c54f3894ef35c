/// Every built-in scenario, in the order `tracectl record --list` shows them.
public enum ScenarioCatalog {
    /// The scenarios.
    public static let all: [Scenario] = [
        ScrollOffset.scenario,
        RenderingCycle.scenario,
        DiceRoll.scenario,
        Selection.scenario,
        LazyStack.scenario,
        FormTyping.scenario,
        EnvironmentTheme.scenario,
    ]

    /// The scenario called `name`.
    public static func scenario(named name: String) throws(ScenarioError) -> Scenario {
        guard let scenario = all.first(where: { $0.name == name }) else {
            throw .unknownScenario(name, known: all.map(\.name))
        }
        return scenario
    }
}
